/**
 * react-admin names a row's selection box ("Select this row") on MUI's wrapper span, where that
 * name is not allowed (axe: aria-prohibited-attr) and leaves the box itself without one: the name
 * moves to the box, for the rows shown now and those added or relabelled later. A ref callback
 * for the element around the grid (React calls the cleanup it returns when the element goes).
 */
export function rowCheckboxNames(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  const rename = () => {
    for (const wrapper of root.querySelectorAll('.RaDatagrid-checkbox[aria-label]')) {
      const box = wrapper.querySelector('input');
      const name = wrapper.getAttribute('aria-label');
      if (!box || !name) continue;
      box.setAttribute('aria-label', name);
      wrapper.removeAttribute('aria-label');
    }
  };
  rename();
  const observer = new MutationObserver(rename);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
