import type { ReactNode } from 'react';
import { variantPath } from '~/lib/image-variants';
import { islandTranslator } from '~/lib/i18n/current';

type Props = { productId: number; name: string; photo: string; options?: string; aside?: ReactNode; children?: ReactNode };

/** One product in a list (cart, order, wishlist): picture, name linking to it, its options, then what the list adds. */
export default function ProductLine({ productId, name, photo, options, aside, children }: Props) {
  const { path } = islandTranslator();
  return (
    <li className="cart-line" aria-label={name}>
      <img src={variantPath(160, 'webp', photo || 'default.jpg')} alt="" width={72} height={72} loading="lazy" />
      <div className="cart-line-main">
        <a href={path(`/product/${productId}`)} className="cart-line-name">
          {name}
        </a>
        {options && <span className="cart-line-options">{options}</span>}
        {children}
      </div>
      {aside}
    </li>
  );
}
