package api

import (
	"bytes"
	_ "embed"
	"net/http"

	"github.com/gin-gonic/gin"
)

// openAPIDocument is the OpenAPI 3.1 document of every route under
// /api/v1. It is written by hand, next to the handlers it describes; a test
// walks the router and fails when a route and the document disagree, and
// the API's tests validate every answer against its schemas.
//
// A change of the API changes openapi.json in the same commit: a new route
// gets its path item (TestDocumentMatchesRoutes names the missing ones), a
// new field its property (objects are closed with additionalProperties:
// false, so the validation of the tests' answers names the field), a new
// status its response.
//
//go:embed openapi.json
var openAPIDocument []byte

// OpenAPIDocument returns the OpenAPI document of the API (a copy).
func OpenAPIDocument() []byte {
	return bytes.Clone(openAPIDocument)
}

// serveOpenAPI answers GET /api/v1/openapi.json.
func serveOpenAPI(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "application/json; charset=utf-8", openAPIDocument)
}

// serveDocs answers GET /api/docs: the document rendered as one page,
// server-side and without scripts, so that it needs no network and works
// wherever the server does.
func serveDocs(c *gin.Context) {
	page, err := docsPage()
	if err != nil {
		// The document is embedded and a test renders it: this is a bug.
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	c.Data(http.StatusOK, "text/html; charset=utf-8", page)
}
