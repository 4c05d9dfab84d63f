import { exportRowsAs, type PersonalData } from '../../app-module.ts';
import * as images from './repository.ts';
import { aboutOf, fileLink } from './service.ts';

/** Every image kept for the seller (drawings, cut-outs, scenes), rows and files. */
export const imagesPersonalData: PersonalData = {
  tables: [{ table: 'stored_images', columns: ['user_id'], onDelete: 'deleted' }],
  exportFor: exportRowsAs('images', images.allOwnImages, (i, deps) => ({
    kind: i.kind,
    prompt: i.prompt,
    // What 最近作品 says it is: the uploaded file's name, the language, its checks.
    about: aboutOf(i),
    createdAt: Number(i.created_at),
    url: fileLink(deps, i.file_key),
  })),
  eraseIn: (trx, user) => images.deleteAllOwnImages(trx, user.id),
};
