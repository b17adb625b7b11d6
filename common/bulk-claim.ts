/** Browser mode's claimed big replies: free of zod, as the renderer's first bundle imports it (decision 0085). */

/**
 * A request id the page makes up for a reply it expects to be too big for the socket (browser
 * mode, decision 0069): it asks for `/bulk/<id>` as it sends the request, so the bytes travel
 * while the page is still busy drawing; the notice, in its place on the socket, finds them there.
 */
export const CLAIM_ID = /^claim-[\w-]{22,64}$/;
