/** Saves a file the app made or fetched to the user's downloads, under `name`. */
export function saveFile(name: string, data: Blob | string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type }) : data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
