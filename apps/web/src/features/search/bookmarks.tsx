/** Navbar bookmarks (pinned pages). */
export default function Bookmarks() {
  return null;
}
