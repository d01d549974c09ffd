/** The list page the address asks for (`?page=`), 1 when it is missing or not a number. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);
