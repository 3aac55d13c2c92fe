/** Navbar cart dropdown of the shop demo. */
export default function CartDropdown() {
  return null;
}
