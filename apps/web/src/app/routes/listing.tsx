import { ListingScreen } from '../../features/listing/components/listing-screen';

export default function ListingRoute() {
  return <ListingScreen />;
}
