/**
 * Whether an element has come near the viewport (once true, it stays): a grid of a thousand
 * device photos asks the core for the bytes of the tiles a user can see, not all of them.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useInView(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, seen, margin]);
  return seen;
}
