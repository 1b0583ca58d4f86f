// Package openapitest checks the server's answers against its OpenAPI
// document, for the tests of the API and of its clients: every answer that a
// test receives from a documented route must have a documented status, and a
// body and headers that match the document's schemas. It uses kin-openapi's
// validator (JSON Schema 2020-12 for an OpenAPI 3.1 document), so that the
// check is not one more thing of ours to get wrong. It is test support: the
// server itself does not import it.
package openapitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// Validator holds a loaded and validated document.
type Validator struct {
	doc    *openapi3.T
	router routers.Router
	base   string // the path of the first server, e.g. /api/v1
}

// New loads document, checks that it is a valid OpenAPI document and
// prepares to find the operation of a request.
func New(document []byte) (*Validator, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(document)
	if err != nil {
		return nil, fmt.Errorf("load the OpenAPI document: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("the OpenAPI document is not valid: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route the OpenAPI document: %w", err)
	}
	v := &Validator{doc: doc, router: router}
	if len(doc.Servers) > 0 {
		v.base = strings.TrimRight(doc.Servers[0].URL, "/")
	}
	return v, nil
}

// MustNew is New for a test: it stops the test when the document is bad.
func MustNew(t testing.TB, document []byte) *Validator {
	t.Helper()
	v, err := New(document)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Document returns the loaded document.
func (v *Validator) Document() *openapi3.T { return v.doc }

// Base returns the path under which the document's routes are served.
func (v *Validator) Base() string { return v.base }

// Check validates one answer to req. Answers outside the document's base
// path are not its business (pages, /healthz). An unknown route may only
// be answered 404 or 405; a documented one must answer a documented status
// with a matching body and headers.
func (v *Validator) Check(req *http.Request, status int, header http.Header, body []byte) error {
	if p := req.URL.Path; p != v.base && !strings.HasPrefix(p, v.base+"/") {
		return nil
	}
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		if errors.Is(err, routers.ErrPathNotFound) || errors.Is(err, routers.ErrMethodNotAllowed) {
			if status == http.StatusNotFound || status == http.StatusMethodNotAllowed {
				return nil
			}
			return fmt.Errorf("%s %s answered %d, but the OpenAPI document has no such route", req.Method, req.URL.Path, status)
		}
		return err
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 status,
		Header:                 header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(req.Context(), in); err != nil {
		return fmt.Errorf("%s %s answered %d, which the OpenAPI document does not allow: %v\nbody: %s", req.Method, req.URL.Path, status, err, clip(body))
	}
	return nil
}

// Handler wraps h so that every answer it gives is checked; a mismatch
// fails t (the request itself goes through unchanged).
func (v *Validator) Handler(t testing.TB, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if err := v.Check(r, rec.Code, rec.Header(), body); err != nil {
			t.Error(err)
		}
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		w.WriteHeader(rec.Code)
		_, _ = io.Copy(w, bytes.NewReader(body))
	})
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}
