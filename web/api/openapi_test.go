package api_test

import (
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/openapitest"
	"puzzlejudge/web"
	"puzzlejudge/web/api"
)

// documented lists the document's routes as "METHOD /path" under the
// server's base path, with path parameters in braces.
func documented(v *openapitest.Validator) map[string]bool {
	out := map[string]bool{}
	for path, item := range v.Document().Paths.Map() {
		for method := range item.Operations() {
			out[method+" "+v.Base()+path] = true
		}
	}
	return out
}

// openAPIPath writes a Gin route in the document's syntax: /x/:slug/*rest
// becomes /x/{slug}/{rest}.
func openAPIPath(ginPath string) string {
	parts := strings.Split(ginPath, "/")
	for i, p := range parts {
		if strings.HasPrefix(p, ":") || strings.HasPrefix(p, "*") {
			parts[i] = "{" + p[1:] + "}"
		}
	}
	return strings.Join(parts, "/")
}

// TestDocumentMatchesRoutes walks the server's routes: every route under
// /api/v1 must be in the OpenAPI document, and every route of the document
// must exist, with its path parameters named as in the router. A change of
// the API therefore changes the document in the same commit.
func TestDocumentMatchesRoutes(t *testing.T) {
	v := openapitest.MustNew(t, api.OpenAPIDocument())
	if !v.Document().IsOpenAPI31OrLater() {
		t.Errorf("the document is OpenAPI %s, want 3.1", v.Document().OpenAPI)
	}
	want := documented(v)
	engine := web.NewServer(nil, nil, nil, web.Options{}).Router()
	got := map[string]bool{}
	for _, r := range engine.Routes() {
		if p := openAPIPath(r.Path); strings.HasPrefix(p, v.Base()+"/") {
			got[r.Method+" "+p] = true
		}
	}
	var missing, stale []string
	for r := range got {
		if !want[r] {
			missing = append(missing, r)
		}
	}
	for r := range want {
		if !got[r] {
			stale = append(stale, r)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	for _, r := range missing {
		t.Errorf("route %s is not in web/api/openapi.json", r)
	}
	for _, r := range stale {
		t.Errorf("web/api/openapi.json documents %s, which the router does not have", r)
	}
	if len(got) == 0 {
		t.Fatal("found no route under " + v.Base())
	}
}

// TestDocumentServed checks the two faces of the document: the JSON as
// embedded, and the page for people naming every route.
func TestDocumentServed(t *testing.T) {
	engine := web.NewServer(nil, nil, nil, web.Options{}).Router()
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s = %d", path, rec.Code)
		}
		return rec
	}
	rec := get("/api/v1/openapi.json")
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("openapi.json Content-Type = %q", ct)
	}
	if rec.Body.String() != string(api.OpenAPIDocument()) {
		t.Error("GET /api/v1/openapi.json is not the embedded document")
	}
	v := openapitest.MustNew(t, api.OpenAPIDocument())
	if err := v.Check(httptest.NewRequest(http.MethodGet, "/api/v1/openapi.json", nil), rec.Code, rec.Header(), rec.Body.Bytes()); err != nil {
		t.Error(err)
	}

	page := get("/api/docs").Body.String()
	for r := range documented(v) {
		method, path, _ := strings.Cut(r, " ")
		path = strings.TrimPrefix(path, v.Base())
		if !strings.Contains(page, `<span class="path">`+path+`</span>`) || !strings.Contains(page, ">"+method+"<") {
			t.Errorf("/api/docs does not show %s", r)
		}
	}
	for _, want := range []string{`id="schema-Submission"`, `<a href="#schema-Problem">Problem</a>`, "<code>Authorization: Bearer &lt;token&gt;</code>"} {
		if !strings.Contains(page, want) {
			t.Errorf("/api/docs lacks %s", want)
		}
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Error("/api/docs loads or links something from the network")
	}
}
