/** A HAL link (DESIGN.md "HTTP contract"): present on a resource only when the viewer may follow it now. */
export interface Link {
  href: string;
}

/** A resource's `_links`: only the names the viewer may use now are present. */
export type Links<Name extends string> = Partial<Record<Name, Link>>;
