/** The credit line a configured tile URL needs (the colony map and the species map). */
export function attributionFor(url: string): string {
  if (url.includes('openstreetmap')) {
    return '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
  }
  if (url.includes('arcgisonline')) return 'Tiles &copy; Esri';
  return '';
}
