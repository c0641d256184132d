/** A browser file as base64 (what the upload APIs take: images, certificates of insurance). Browser code, shared by the storefront and the console. */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () =>
      reject(reader.error ?? new Error(`${file instanceof File ? file.name : 'The file'} could not be read`));
    reader.readAsDataURL(file);
  });
}
