/**
 * The agency named on reports handed over (print, PDF, the HTML file): a name and a logo, kept as
 * a data address of a PNG, JPEG or SVG image. An SVG is only ever drawn as an image, where it runs
 * no script and loads nothing.
 */
export interface Agency {
  name: string;
  /** `data:image/png;base64,…`, or null for none. */
  logo: string | null;
}

export const AGENCY_NAME_MAX = 120;
/** The largest logo file taken, in bytes. */
export const LOGO_BYTES_MAX = 100 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** A logo's data address: its file in base64, a third larger than the file. */
export const LOGO_DATA_URL_MAX = 40 + Math.ceil(LOGO_BYTES_MAX / 3) * 4;
export const LOGO_DATA_URL = /^data:image\/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

export const NO_AGENCY: Agency = { name: '', logo: null };

/** Whether a data address is a logo this extension would have taken, checked again wherever one is drawn. */
export const isLogo = (value: string | null): value is string => value !== null && value.length <= LOGO_DATA_URL_MAX && LOGO_DATA_URL.test(value);
