/** A project's owner as shown on cards and the detail header: the username, or 'Unknown'. */
export function formatOwner(owner: { username: string } | null | undefined): string {
  const username = owner?.username.trim();
  return username ? username : 'Unknown';
}
