import { type RefObject, useEffect } from 'react';

/**
 * Calls `measure` once the element is there and again whenever it changes size, or, with `children`, whenever
 * one of its children does (content that grows inside a box of a fixed width).
 */
export function useOnResize(
  ref: RefObject<HTMLElement | null>,
  measure: () => void,
  { children = false }: { children?: boolean } = {},
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    measure();
    // Older engines (and jsdom) lack ResizeObserver; the window's size is then the best hint.
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of children ? Array.from(element.children) : []) {
      observer.observe(child);
    }
    return () => observer.disconnect();
  }, [ref, measure, children]);
}
