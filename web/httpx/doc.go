// Package httpx holds what the two faces of the judge over HTTP, the JSON API
// (web/api) and the pages (web/pages), both need: the one table from error
// codes to HTTP statuses and the JSON error answer, the user of a request,
// the body limit, and the submission and login rate limiters they share.
package httpx
