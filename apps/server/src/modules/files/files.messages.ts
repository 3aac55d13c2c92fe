import { AppError } from '../../lib/app-error.js';
import { defineMessages, type Lang, type Texts } from '../../platform/messages.js';

/** Texts of the file endpoints (upload, chunked upload, download) in every language. */
const en = {
  'files.too_large': 'The file is larger than the limit of {max}.',
  'files.too_many_open':
    'Your domain already has {count} unfinished uploads announcing {size}; finish them or wait until they expire before starting another one of {wanted}.',
  'files.chunk_too_large': 'A chunk may be at most {max}.',
  'files.unsupported_type':
    'Files of type {type} are not accepted. Accepted are CSV or text files, Excel workbooks (XLSX), PDF, Word (DOCX) and OpenDocument (ODT) documents, and PNG, JPEG, GIF or WebP images.',
  'files.unknown_binary': 'unknown binary data',
  'files.empty': 'The file is empty.',
  'files.one_file': 'Send one file per request.',
  'files.no_file': 'Choose a file to upload.',
  'files.not_multipart': 'Send the file as multipart/form-data.',
  'files.no_boundary': 'The multipart form has no boundary, so it cannot be read.',
  'files.cut_off': 'The upload was cut off before the end of the form; send it again.',
  'files.idle': 'Nothing arrived for {seconds} seconds, so the upload was stopped; send it again.',
  'files.upload_not_found': 'This upload does not exist or has expired.',
  'files.file_not_found': 'This file does not exist.',
  'files.checksum_mismatch':
    'The chunk does not match its checksum, so nothing was written. Send it again.',
  'files.sha_mismatch':
    'The file does not match its SHA-256 checksum; the upload was discarded. Upload it again.',
  'files.offset_ahead':
    'The server holds {received} bytes of this upload; continue from that offset.',
  'files.beyond_size': 'The chunk goes beyond the announced size of {size} bytes.',
  'files.unit_mb': 'MB',
  'files.unit_gb': 'GB',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'files.too_large': 'Die Datei ist größer als die Grenze von {max}.',
  'files.too_many_open':
    'Ihre Domäne hat bereits {count} unvollständige Uploads mit zusammen {size}; schließen Sie diese ab oder warten Sie, bis sie verfallen, bevor Sie einen weiteren mit {wanted} beginnen.',
  'files.chunk_too_large': 'Ein Teilstück darf höchstens {max} groß sein.',
  'files.unsupported_type':
    'Dateien vom Typ {type} werden nicht angenommen. Erlaubt sind CSV- oder Textdateien, Excel-Arbeitsmappen (XLSX), PDF-, Word- (DOCX) und OpenDocument-Dokumente (ODT) sowie PNG-, JPEG-, GIF- oder WebP-Bilder.',
  'files.unknown_binary': 'unbekannte Binärdaten',
  'files.empty': 'Die Datei ist leer.',
  'files.one_file': 'Senden Sie eine Datei pro Anfrage.',
  'files.no_file': 'Wählen Sie eine Datei zum Hochladen.',
  'files.not_multipart': 'Senden Sie die Datei als multipart/form-data.',
  'files.no_boundary':
    'Das Multipart-Formular hat keine Begrenzung (boundary) und kann nicht gelesen werden.',
  'files.cut_off': 'Der Upload brach vor dem Ende des Formulars ab; senden Sie ihn erneut.',
  'files.idle':
    '{seconds} Sekunden lang kam nichts an, daher wurde der Upload beendet; senden Sie ihn erneut.',
  'files.upload_not_found': 'Dieser Upload existiert nicht oder ist abgelaufen.',
  'files.file_not_found': 'Diese Datei existiert nicht.',
  'files.checksum_mismatch':
    'Das Teilstück passt nicht zu seiner Prüfsumme, daher wurde nichts geschrieben. Senden Sie es erneut.',
  'files.sha_mismatch':
    'Die Datei passt nicht zu ihrer SHA-256-Prüfsumme; der Upload wurde verworfen. Laden Sie sie erneut hoch.',
  'files.offset_ahead':
    'Der Server hat {received} Bytes dieses Uploads; fahren Sie ab dieser Position fort.',
  'files.beyond_size': 'Das Teilstück reicht über die angekündigte Größe von {size} Bytes hinaus.',
  'files.unit_mb': 'MB',
  'files.unit_gb': 'GB',
};

const fr: Catalog = {
  'files.too_large': 'Le fichier dépasse la limite de {max}.',
  'files.too_many_open':
    'Votre domaine a déjà {count} envois inachevés annonçant {size} ; terminez-les ou attendez leur expiration avant d’en commencer un autre de {wanted}.',
  'files.chunk_too_large': 'Un morceau peut faire au plus {max}.',
  'files.unsupported_type':
    'Les fichiers de type {type} ne sont pas acceptés. Sont acceptés les fichiers CSV ou texte, les classeurs Excel (XLSX), les documents PDF, Word (DOCX) et OpenDocument (ODT), ainsi que les images PNG, JPEG, GIF ou WebP.',
  'files.unknown_binary': 'données binaires inconnues',
  'files.empty': 'Le fichier est vide.',
  'files.one_file': 'Envoyez un seul fichier par requête.',
  'files.no_file': 'Choisissez un fichier à téléverser.',
  'files.not_multipart': 'Envoyez le fichier en multipart/form-data.',
  'files.no_boundary':
    'Le formulaire multipart n’a pas de délimiteur (boundary) ; il ne peut pas être lu.',
  'files.cut_off':
    'Le téléversement s’est interrompu avant la fin du formulaire ; envoyez-le à nouveau.',
  'files.idle':
    'Rien n’est arrivé pendant {seconds} secondes, le téléversement a donc été arrêté ; envoyez-le à nouveau.',
  'files.upload_not_found': "Ce téléversement n'existe pas ou a expiré.",
  'files.file_not_found': "Ce fichier n'existe pas.",
  'files.checksum_mismatch':
    "Le morceau ne correspond pas à sa somme de contrôle ; rien n'a été écrit. Envoyez-le de nouveau.",
  'files.sha_mismatch':
    'Le fichier ne correspond pas à sa somme de contrôle SHA-256 ; le téléversement a été abandonné. Téléversez-le de nouveau.',
  'files.offset_ahead':
    'Le serveur détient {received} octets de ce téléversement ; reprenez à partir de cette position.',
  'files.beyond_size': 'Le morceau dépasse la taille annoncée de {size} octets.',
  'files.unit_mb': 'Mo',
  'files.unit_gb': 'Go',
};

const pt: Catalog = {
  'files.too_large': 'O ficheiro é maior do que o limite de {max}.',
  'files.too_many_open':
    'O seu domínio já tem {count} carregamentos por concluir que anunciam {size}; conclua-os ou espere que expirem antes de iniciar outro de {wanted}.',
  'files.chunk_too_large': 'Um bloco pode ter no máximo {max}.',
  'files.unsupported_type':
    'Ficheiros do tipo {type} não são aceites. São aceites ficheiros CSV ou de texto, livros do Excel (XLSX), documentos PDF, Word (DOCX) e OpenDocument (ODT), e imagens PNG, JPEG, GIF ou WebP.',
  'files.unknown_binary': 'dados binários desconhecidos',
  'files.empty': 'O ficheiro está vazio.',
  'files.one_file': 'Envie um ficheiro por pedido.',
  'files.no_file': 'Escolha um ficheiro para carregar.',
  'files.not_multipart': 'Envie o ficheiro como multipart/form-data.',
  'files.no_boundary': 'O formulário multipart não tem delimitador (boundary) e não pode ser lido.',
  'files.cut_off': 'O envio foi interrompido antes do fim do formulário; envie-o novamente.',
  'files.idle':
    'Nada chegou durante {seconds} segundos, por isso o envio foi parado; envie-o novamente.',
  'files.upload_not_found': 'Este carregamento não existe ou expirou.',
  'files.file_not_found': 'Este ficheiro não existe.',
  'files.checksum_mismatch':
    'O bloco não corresponde à sua soma de verificação, por isso nada foi escrito. Envie-o novamente.',
  'files.sha_mismatch':
    'O ficheiro não corresponde à sua soma de verificação SHA-256; o carregamento foi descartado. Carregue-o novamente.',
  'files.offset_ahead':
    'O servidor tem {received} bytes deste carregamento; continue a partir dessa posição.',
  'files.beyond_size': 'O bloco ultrapassa o tamanho anunciado de {size} bytes.',
  'files.unit_mb': 'MB',
  'files.unit_gb': 'GB',
};

const ru: Catalog = {
  'files.too_large': 'Файл превышает ограничение в {max}.',
  'files.too_many_open':
    'В вашем домене уже {count} незавершённых загрузок общим объёмом {size}; завершите их или дождитесь их истечения, прежде чем начинать новую загрузку размером {wanted}.',
  'files.chunk_too_large': 'Размер фрагмента — не более {max}.',
  'files.unsupported_type':
    'Файлы типа {type} не принимаются. Принимаются файлы CSV и текстовые файлы, книги Excel (XLSX), документы PDF, Word (DOCX) и OpenDocument (ODT), а также изображения PNG, JPEG, GIF и WebP.',
  'files.unknown_binary': 'неизвестные двоичные данные',
  'files.empty': 'Файл пуст.',
  'files.one_file': 'Отправляйте один файл за запрос.',
  'files.no_file': 'Выберите файл для загрузки.',
  'files.not_multipart': 'Отправьте файл в формате multipart/form-data.',
  'files.no_boundary': 'У формы multipart нет разделителя (boundary), её нельзя прочитать.',
  'files.cut_off': 'Загрузка оборвалась до конца формы; отправьте её ещё раз.',
  'files.idle':
    'В течение {seconds} секунд ничего не пришло, поэтому загрузка остановлена; отправьте её ещё раз.',
  'files.upload_not_found': 'Эта загрузка не существует или её срок истёк.',
  'files.file_not_found': 'Этот файл не существует.',
  'files.checksum_mismatch':
    'Фрагмент не совпадает со своей контрольной суммой, поэтому ничего не записано. Отправьте его ещё раз.',
  'files.sha_mismatch':
    'Файл не совпадает со своей контрольной суммой SHA-256; загрузка отменена. Загрузите файл заново.',
  'files.offset_ahead': 'На сервере {received} байт этой загрузки; продолжайте с этой позиции.',
  'files.beyond_size': 'Фрагмент выходит за объявленный размер в {size} байт.',
  'files.unit_mb': 'МБ',
  'files.unit_gb': 'ГБ',
};

export const filesText = defineMessages({ en, de, fr, pt, ru });

/** A byte count as megabytes (or gigabytes from 1 GB on), written the language's way. */
export function formatBytes(lang: Lang, bytes: number): string {
  const gb = bytes >= 1024 ** 3;
  const value = bytes / (gb ? 1024 ** 3 : 1024 ** 2);
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: value < 10 ? 2 : 0 }).format(
    value,
  );
  return `${text} ${filesText(lang, gb ? 'files.unit_gb' : 'files.unit_mb')}`;
}

export function tooLarge(lang: Lang, maxBytes: number): AppError {
  return new AppError(
    'payload_too_large',
    filesText(lang, 'files.too_large', { max: formatBytes(lang, maxBytes) }),
  );
}

export function unsupportedType(lang: Lang, type: string | undefined): AppError {
  return new AppError(
    'unsupported_media_type',
    filesText(lang, 'files.unsupported_type', {
      type: type ?? filesText(lang, 'files.unknown_binary'),
    }),
  );
}

export function uploadNotFound(lang: Lang): AppError {
  return new AppError('not_found', filesText(lang, 'files.upload_not_found'));
}

export function fileNotFound(lang: Lang): AppError {
  return new AppError('not_found', filesText(lang, 'files.file_not_found'));
}
