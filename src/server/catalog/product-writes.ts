/**
 * Vendors and administrators adding, changing and withdrawing products (part of the products service,
 * with products.ts). A vendor touches only products they supply; an administrator any. Pictures are
 * checked and stored before the row is written and removed again if the write fails. Every write reaches
 * search at once (product_search by its trigger, new words into the vocabulary here) and drops the
 * cached catalogue after it commits.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products } from '../db/schema';
import { Forbidden, Invalid, NotFound } from '../errors';
import { isAdmin } from '../accounts/roles';
import type { SessionUser } from '../accounts/sessions';
import { isUploadedFile, removeStoredImages, storeUploadedImage } from '../media/uploads';
import { indexProductWords } from '../search/product-search';
import { catalogueChange, productDetailsChange } from './catalogue-changes';
import { PRODUCT_HELD } from './visibility';
import { transactionWithPurge } from '../cache/purge';
import { placeInCategory } from './categories';
import { findSellingVendor } from './vendors';
import {
  inStockFlag,
  MAX_GALLERY_IMAGES,
  mergeProduct,
  missingOnCreate,
  parseProductChanges,
  productFieldsOf,
  PRODUCT_DEFAULTS,
  type ProductFields,
} from './product-input';
import { slugify } from '../../lib/slug';
import { message } from '../../lib/messages/message';

/** A product a vendor or an administrator manages: every field, including ones shoppers never see. */
export type ManagedProduct = typeof products.$inferSelect;

/** The pictures in a body: a new feature photo and, when any are sent, a new gallery. */
function uploadsIn(body: Record<string, unknown>) {
  const feature = isUploadedFile(body.feature_photo) ? body.feature_photo : undefined;
  const gallery = [body.images].flat().filter(isUploadedFile);
  if (gallery.length > MAX_GALLERY_IMAGES) throw new Invalid(message('product', 'tooManyPictures', MAX_GALLERY_IMAGES));
  return { feature, gallery };
}

async function storeUploads(uploads: ReturnType<typeof uploadsIn>) {
  const stored: string[] = [];
  try {
    const feature = uploads.feature && (await storeUploadedImage(uploads.feature, 'feature_photo', 'product'));
    if (feature) stored.push(feature);
    const gallery: string[] = [];
    for (const file of uploads.gallery) {
      const name = await storeUploadedImage(file, 'images', 'product');
      stored.push(name);
      gallery.push(name);
    }
    return { feature, gallery, stored };
  } catch (error) {
    await removeStoredImages(stored);
    throw error;
  }
}

/** Who supplies a new product: the vendor themselves, or the active vendor an administrator names (or the store). */
async function supplierFor(actor: SessionUser, requested: number | null | undefined): Promise<number | null> {
  if (!isAdmin(actor)) return actor.id;
  if (requested === undefined || requested === null) return null;
  if (!(await findSellingVendor(requested))) throw new Invalid(message('product', 'supplierNotSelling'));
  return requested;
}

function rowValues(fields: ProductFields, itemsSold: number) {
  const { in_stock: _requested, ...rest } = fields;
  return { ...rest, in_stock: inStockFlag(fields, itemsSold) };
}

export async function createProduct(actor: SessionUser, body: Record<string, unknown>): Promise<ManagedProduct> {
  const { changes, admin } = parseProductChanges(body, isAdmin(actor));
  const missing = missingOnCreate(changes);
  if (missing) throw new Invalid(missing);
  const uploads = uploadsIn(body);
  if (!uploads.feature) throw new Invalid(message('product', 'photoRequired'));

  const blank = { ...PRODUCT_DEFAULTS, has_colors: 'No', colors: '', has_sizes: 'No', sizes: '' } as ProductFields;
  const fields = mergeProduct(blank, 0, changes);
  const db = await getDb();
  const place = await placeInCategory(db, fields.category, fields.sub_category);
  const supplier = await supplierFor(actor, admin.supplier);

  const pictures = await storeUploads(uploads);
  const featurePhoto = pictures.feature!;
  try {
    const created = await transactionWithPurge(db, async (tx, changed) => {
      changed(catalogueChange);
      const [row] = await tx
        .insert(products)
        .values({
          ...rowValues({ ...fields, ...place }, 0),
          ...admin,
          url: fields.url || slugify(fields.name),
          feature_photo: featurePhoto,
          rates: [featurePhoto, ...pictures.gallery].map((src) => ({ src })),
          user: actor.id,
          supplier,
        })
        .returning();
      await indexProductWords(tx, row!.id);
      return row!;
    });
    return created;
  } catch (error) {
    await removeStoredImages(pictures.stored);
    throw error;
  }
}

/** A product the actor may manage (not deleted); another vendor's product is refused, not hidden. */
export async function managedProduct(actor: SessionUser, productId: number): Promise<ManagedProduct> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deleted_at)));
  if (!row) throw new NotFound(message('product', 'notFound'));
  if (!isAdmin(actor) && row.supplier !== actor.id) throw new Forbidden(message('product', 'notYours'));
  return row;
}

/** The status after a change. A vendor cannot publish a product the store holds (2: its vendor was suspended). */
function statusAfter(actor: SessionUser, current: number, requested: number | undefined): number {
  if (current === PRODUCT_HELD && !isAdmin(actor)) return current;
  return requested ?? current;
}

export async function updateProduct(actor: SessionUser, productId: number, body: Record<string, unknown>): Promise<ManagedProduct> {
  await managedProduct(actor, productId);
  const db = await getDb();
  const { changes, admin } = parseProductChanges(body, isAdmin(actor));
  const uploads = uploadsIn(body);
  const supplier = admin.supplier === undefined ? undefined : await supplierFor(actor, admin.supplier);

  const pictures = await storeUploads(uploads);
  let replaced: string[] = [];
  try {
    const updated = await transactionWithPurge(db, async (tx, changed) => {
      // Read again under a lock: an order may have sold units since, and stock must stay above them.
      const [locked] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!locked || locked.deleted_at) throw new NotFound(message('product', 'notFound'));
      const fields = mergeProduct(productFieldsOf(locked), locked.items_sold, changes);
      // A new category without a sub_category places the product afresh (a child alone means its parent and itself).
      const subCategory = changes.category !== undefined && changes.sub_category === undefined ? null : fields.sub_category;
      const place = await placeInCategory(tx, fields.category, subCategory);
      const featurePhoto = pictures.feature ?? locked.feature_photo;
      const gallery = pictures.gallery.length > 0 ? pictures.gallery : locked.rates.map((image) => image.src).filter((src) => src !== locked.feature_photo);
      replaced = [locked.feature_photo, ...locked.rates.map((image) => image.src)].filter((src) => src !== featurePhoto && !gallery.includes(src));
      const [row] = await tx
        .update(products)
        .set({
          ...rowValues({ ...fields, ...place }, locked.items_sold),
          status: statusAfter(actor, locked.status, changes.status),
          ...admin,
          ...(supplier === undefined ? {} : { supplier }),
          feature_photo: featurePhoto,
          rates: [featurePhoto, ...gallery].map((src) => ({ src })),
          updated_at: new Date(),
        })
        .where(eq(products.id, productId))
        .returning();
      await indexProductWords(tx, productId);
      const listedElsewhere = (['category', 'sub_category', 'status', 'supplier'] as const).some((key) => row![key] !== locked[key]);
      changed(listedElsewhere ? catalogueChange : await productDetailsChange(tx, [productId]));
      return row!;
    });
    // Only pictures uploaded for this product are removed; the demo catalogue's pictures are shared.
    await removeStoredImages(replaced.filter((name) => name.startsWith('product-')));
    return updated;
  } catch (error) {
    await removeStoredImages(pictures.stored);
    throw error;
  }
}

/**
 * Withdraws a product for good: it leaves every listing, search and cart check, but its row stays, so
 * past orders keep their product, picture and seller.
 */
export async function deleteProduct(actor: SessionUser, productId: number): Promise<{ id: number }> {
  await managedProduct(actor, productId);
  const db = await getDb();
  await transactionWithPurge(db, async (tx, changed) => {
    changed(catalogueChange);
    await tx
      .update(products)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(and(eq(products.id, productId), isNull(products.deleted_at)));
  });
  return { id: productId };
}
