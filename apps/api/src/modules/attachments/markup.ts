/**
 * Markup that turns a file into a web page if it is ever rendered as one. A tag counts only
 * with the character that must follow its name, so compressed image data (random bytes) does
 * not match by chance in any realistic file.
 */
export const MARKUP = /<(?:script|html|!doctype|iframe|svg|body|object|embed|meta)[\s/>]|javascript:/i;
