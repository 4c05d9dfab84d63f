import { expect, type Locator } from '@playwright/test';

/**
 * The classes antd's motion puts on an element only while it animates: the motion's own name
 * (ant-zoom, ant-zoom-big, ant-move-up, ant-slide-down, ant-fade, …) and `<name>-appear`, `-enter` or
 * `-leave`, each also with `-prepare`, `-start` or `-active` after it. All are gone once it has ended.
 */
const MOTION_CLASS = /^ant-(zoom|move|slide|fade)(-|$)|-(appear|enter|leave)(-(prepare|start|active))?$/;

/**
 * Waits until `locator` is on screen and has finished opening, then hands it back: neither it nor
 * any element around it still carries a motion class, so it may be the dialog itself, a menu item
 * or a button in a Popconfirm. A Modal or a Popconfirm zooms in, a Dropdown menu slides in, a
 * Drawer slides in on a wrapper around the dialog; a click made while it still moves can miss its
 * button, as on CI (a 取消 clicked while 修补抠图 zoomed in left it open). No fixed sleep: it
 * returns as soon as the classes are gone, at once when nothing animates.
 */
export async function settled<T extends Locator>(locator: T): Promise<T> {
  await expect(locator).toBeVisible();
  await expect
    .poll(() => locator.evaluate(motionClassesAround, MOTION_CLASS.source), {
      message: 'the element is still opening (antd motion classes on it or around it)',
      intervals: [50],
    })
    .toEqual([]);
  return locator;
}

/** Runs in the page: the motion classes on `element` and on every element that holds it. */
function motionClassesAround(element: Element, pattern: string): string[] {
  const motion = new RegExp(pattern);
  const found: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    for (const name of node.classList) if (motion.test(name)) found.push(name);
  }
  return found;
}
