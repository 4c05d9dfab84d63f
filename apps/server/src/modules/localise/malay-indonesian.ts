/**
 * Indonesian or Malay (Malaysia's): one language to the detector (ELD's `ms` is trained on both and
 * answers `ms` for either; bench/language-id.ts), two to a buyer: 「kasut」 and 「seluar」 read as
 * foreign on Shopee ID. What tells them apart is a set of everyday words and spellings each side
 * writes and the other does not (Indonesian kualitas, baterai, mobil; Malay kualiti, bateri, kereta),
 * our judgement from the two standard languages, not a library: none on npm tells them apart on
 * marketplace copy. Words both sides use (dingin, ukuran, nyaman in a Malay slogan) are left out:
 * a word that can mislead costs a wrong 通过, which is worse than 「无法判断」.
 */

/** Written in Indonesian, not in Malaysian Malay (which says the word in brackets). */
const INDONESIAN = new Set([
  'kualitas', // kualiti
  'berkualitas',
  'gratis', // percuma
  'mobil', // kereta
  'sepatu', // kasut
  'celana', // seluar
  'piring', // pinggan
  'sendok', // sudu
  'baterai', // bateri
  'menit', // minit
  'telepon', // telefon
  'ponsel', // telefon bimbit
  'merek', // jenama
  'pengiriman', // penghantaran
  'kemasan', // pembungkusan
  'natal', // krismas
  'uang', // wang
  'handuk', // tuala
  'kulkas', // peti sejuk
  'karena', // kerana
  'kantor', // pejabat
  'tas', // beg
  'kaos', // baju-t
  'lemari', // almari
  'sikat', // berus
  'wajan', // kuali
  'panci', // periuk
  'awet', // tahan lama
  'paket', // pakej
  'obat', // ubat
  'bagian', // bahagian
  'bisa', // boleh
  'banget',
  'nggak',
  'pengisian', // mengecas
  'portabel', // mudah alih
]);

/** Written in Malaysian Malay, not in Indonesian (which says the word in brackets). */
const MALAY = new Set([
  'kualiti', // kualitas
  'berkualiti',
  'percuma', // gratis
  'kasut', // sepatu
  'seluar', // celana
  'pinggan', // piring
  'sudu', // sendok
  'bateri', // baterai
  'minit', // menit
  'telefon', // telepon
  'bimbit',
  'jenama', // merek
  'penghantaran', // pengiriman
  'pembungkusan', // kemasan
  'krismas', // natal
  'wang', // uang
  'tuala', // handuk
  'kerana', // karena
  'pejabat', // kantor
  'beg', // tas
  'almari', // lemari
  'berus', // sikat
  'periuk', // panci
  'pakej', // paket
  'ubat', // obat
  'bahagian', // bagian
  'kalis', // (kalis air) tahan air
  'keluli', // baja
  'selesa', // nyaman
  'saiz', // ukuran
  'sejuk', // dingin
  'sahaja', // saja
  'comel', // lucu
  'mengecas', // mengisi daya
  'dicas',
  'fesyen', // mode
  'cawan', // cangkir
]);

/** Distinct words of one side a text must have, with none of the other's, to be told by them. */
const ENOUGH_WORDS = 2;

/** `id` or `ms` when the text's own words say which, or null. */
export function indonesianOrMalay(text: string): 'id' | 'ms' | null {
  const words = new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);
  const indonesian = [...words].filter((w) => INDONESIAN.has(w)).length;
  const malay = [...words].filter((w) => MALAY.has(w)).length;
  if (indonesian >= ENOUGH_WORDS && malay === 0) return 'id';
  if (malay >= ENOUGH_WORDS && indonesian === 0) return 'ms';
  return null;
}
