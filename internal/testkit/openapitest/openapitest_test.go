package openapitest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const document = `{
  "openapi": "3.1.0",
  "info": {"title": "t", "version": "1"},
  "servers": [{"url": "/api/v1"}],
  "paths": {
    "/things/{id}": {
      "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
      "get": {"responses": {
        "200": {"description": "a thing", "content": {"application/json": {"schema": {
          "type": "object", "additionalProperties": false, "required": ["id", "note"],
          "properties": {"id": {"type": "integer"}, "note": {"type": ["string", "null"]}}}}}},
        "404": {"description": "none"}}}
    }
  }
}`

func TestCheck(t *testing.T) {
	v := MustNew(t, []byte(document))
	json := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	tests := []struct {
		name, method, path string
		status             int
		body               string
		fail               string // "" when the answer is allowed
	}{
		{"documented", "GET", "/api/v1/things/1", 200, `{"id":1,"note":null}`, ""},
		{"3.1 type array", "GET", "/api/v1/things/1", 200, `{"id":1,"note":"x"}`, ""},
		{"wrong type", "GET", "/api/v1/things/1", 200, `{"id":"1","note":null}`, "does not allow"},
		{"undocumented field", "GET", "/api/v1/things/1", 200, `{"id":1,"note":null,"extra":2}`, "does not allow"},
		{"missing field", "GET", "/api/v1/things/1", 200, `{"id":1}`, "does not allow"},
		{"undocumented status", "GET", "/api/v1/things/1", 500, `{}`, "does not allow"},
		{"unknown route answered 404", "GET", "/api/v1/nothing", 404, `{}`, ""},
		{"unknown method answered 405", "DELETE", "/api/v1/things/1", 405, `{}`, ""},
		{"unknown route answered 200", "GET", "/api/v1/nothing", 200, `{}`, "no such route"},
		{"outside the API", "GET", "/healthz", 200, `whatever`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := v.Check(httptest.NewRequest(tc.method, tc.path, nil), tc.status, json, []byte(tc.body))
			switch {
			case tc.fail == "" && err != nil:
				t.Errorf("Check = %v, want nil", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Errorf("Check = %v, want an error saying %q", err, tc.fail)
			}
		})
	}
}

func TestNewRejectsABadDocument(t *testing.T) {
	for _, doc := range []string{`{`, `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x/{id}":{"get":{"responses":{"200":{"description":"ok"}}}}}}`} {
		if _, err := New([]byte(doc)); err == nil {
			t.Errorf("New(%s) = nil error", doc)
		}
	}
}
