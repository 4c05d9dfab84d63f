/** 运营后台 (#/admin/…): its own chunk, with the chart library, so sellers never download it. */
export { default } from '../../features/admin/components/admin-console';
