package api

import (
	"archive/zip"
	"bytes"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

func TestProblemAuthoring(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ada := e.student("ada")
	body := map[string]any{"slug": "flood-12", "title": "Flood 12", "puzzle": "floodit", "statement": "# Flood\n",
		"limits": map[string]int{"max_size": 12, "max_colors": 5}}

	e.do("POST", "/api/v1/problems", "", body).want(t, 401, "unauthorized")
	e.do("POST", "/api/v1/problems", ada, body).want(t, 403, "forbidden")
	var p authoredJSON
	e.do("POST", "/api/v1/problems", e.admin, body).want(t, 201, "").json(t, &p)
	if p.Published || p.Checker != "exact" || p.Limits.MaxSize != 12 {
		t.Errorf("created %+v, want a draft with the exact checker", p)
	}
	e.do("POST", "/api/v1/problems", e.admin, body).want(t, 409, "conflict")

	// A draft is not found by students, nor listed, nor open to submissions.
	e.do("GET", "/api/v1/problems/flood-12", ada, nil).want(t, 404, "not_found")
	e.do("GET", "/api/v1/problems/flood-12", "", nil).want(t, 404, "not_found")
	e.do("GET", "/api/v1/problems/flood-12/input", ada, nil).want(t, 404, "not_found")
	e.do("POST", "/api/v1/problems/flood-12/submissions", ada, map[string]string{"kind": "answer", "output": "1\n"}).want(t, 404, "not_found")
	if listed(t, e, ada, "flood-12") {
		t.Errorf("a student lists the draft")
	}
	e.do("GET", "/api/v1/problems/flood-12", e.admin, nil).want(t, 200, "")
	if !listed(t, e, e.admin, "flood-12") {
		t.Errorf("the instructor does not list the draft")
	}

	msg := e.do("PATCH", "/api/v1/problems/flood-12", e.admin, map[string]any{"limits": map[string]int{"max_size": 40}}).want(t, 400, "invalid").errorMessage(t)
	if !strings.HasPrefix(msg, "limits.max_size:") {
		t.Errorf("bad limits: message %q does not name the field", msg)
	}
	msg = e.do("PATCH", "/api/v1/problems/flood-12", e.admin, map[string]any{"checker": "any-valid"}).want(t, 400, "invalid").errorMessage(t)
	if !strings.HasPrefix(msg, "checker:") {
		t.Errorf("bad checker: message %q does not name the field", msg)
	}
	e.do("PATCH", "/api/v1/problems/flood-12", ada, map[string]any{"published": true}).want(t, 403, "forbidden")
	e.do("PATCH", "/api/v1/problems/flood-12", e.admin, map[string]any{"published": true, "title": "Flood twelve"}).want(t, 200, "").json(t, &p)
	if !p.Published || p.Title != "Flood twelve" || p.Statement != "# Flood\n" {
		t.Errorf("after PATCH: %+v", p)
	}
	e.do("GET", "/api/v1/problems/flood-12", ada, nil).want(t, 200, "")

	// Archiving hides the problem and keeps the submissions.
	e.do("POST", "/api/v1/problems/flood-12/cases", e.admin, map[string]any{"input": "2\n0 1\n1 0\n"}).want(t, 201, "")
	id := e.submit(ada, "flood-12", map[string]string{"kind": "answer", "output": "1\n"})
	e.do("DELETE", "/api/v1/problems/flood-12", ada, nil).want(t, 403, "forbidden")
	e.do("DELETE", "/api/v1/problems/flood-12", e.admin, nil).want(t, 204, "")
	e.do("GET", "/api/v1/problems/flood-12", ada, nil).want(t, 404, "not_found")
	if listed(t, e, ada, "flood-12") {
		t.Errorf("a student lists the archived problem")
	}
	e.do("GET", "/api/v1/submissions/"+itoa64(id), e.admin, nil).want(t, 200, "")
}

func listed(t *testing.T, e *apiEnv, token, slug string) bool {
	var list []problemSummaryJSON
	e.do("GET", "/api/v1/problems", token, nil).want(t, 200, "").json(t, &list)
	for _, p := range list {
		if p.Slug == slug {
			return true
		}
	}
	return false
}

func TestGenerateEndpoint(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ada := e.student("ada")
	req := map[string]any{"count": 3, "params": map[string]int{"size": 5, "colors": 3}, "min_optimal": 4, "max_optimal": 6, "seed": 7}
	e.do("POST", "/api/v1/problems/flood/cases/generate", ada, req).want(t, 403, "forbidden")
	bad := e.do("POST", "/api/v1/problems/flood/cases/generate", e.admin, map[string]any{"count": 1, "params": map[string]int{"size": 5}}).want(t, 400, "invalid")
	if msg := bad.errorMessage(t); !strings.HasPrefix(msg, "params.colors:") {
		t.Errorf("missing param: %q", msg)
	}
	var g generationJSON
	r := e.do("POST", "/api/v1/problems/flood/cases/generate", e.admin, req).want(t, 202, "")
	r.json(t, &g)
	loc := r.header.Get("Location")
	deadline := time.Now().Add(time.Minute)
	for g.Status == judge.GenRunning {
		if time.Now().After(deadline) {
			t.Fatalf("generation still running: %+v", g)
		}
		time.Sleep(20 * time.Millisecond)
		e.do("GET", loc, e.admin, nil).want(t, 200, "").json(t, &g)
	}
	if g.Status != judge.GenDone || g.Kept != 3 || len(g.Cases) != 3 || !strings.HasPrefix(g.Report, "kept 3 of 3 wanted after ") {
		t.Fatalf("generation ended as %+v", g)
	}
	e.do("GET", loc, ada, nil).want(t, 403, "forbidden")
	e.do("DELETE", loc, ada, nil).want(t, 403, "forbidden")
	e.do("DELETE", loc, e.admin, nil).want(t, 202, "") // an ended run: nothing changes
	e.do("DELETE", "/api/v1/problems/flood/generations/999", e.admin, nil).want(t, 404, "not_found")
	for _, id := range g.Cases {
		var c caseJSON
		e.do("GET", "/api/v1/problems/flood/cases/"+itoa64(id), e.admin, nil).want(t, 200, "").json(t, &c)
		if c.Status != judge.CaseReady || c.Expected == nil || c.Expected.Optimal < 4 || c.Expected.Optimal > 6 {
			t.Errorf("generated case %d: %+v", id, c)
		}
	}
}

// multipartZip builds the form of POST /problems/import.
func (e *apiEnv) importZip(token string, zipData []byte, slug string, fields ...string) response {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "package.zip")
	fw.Write(zipData)
	if slug != "" {
		mw.WriteField("slug", slug)
	}
	for i := 0; i+1 < len(fields); i += 2 {
		mw.WriteField(fields[i], fields[i+1])
	}
	mw.Close()
	req := httptest.NewRequest("POST", "/api/v1/problems/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.serve(req)
}

func TestPackageExportImport(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ada := e.student("ada")
	e.do("GET", "/api/v1/problems/flood/package.zip", ada, nil).want(t, 403, "forbidden")
	e.waitReady()
	r := e.do("GET", "/api/v1/problems/flood/package.zip", e.admin, nil).want(t, 200, "")
	if ct := r.header.Get("Content-Type"); ct != "application/zip" {
		t.Errorf("Content-Type %q", ct)
	}
	e.importZip(ada, r.body, "flood-copy").want(t, 403, "forbidden")
	var out struct {
		Problem authoredJSON `json:"problem"`
		Cases   int          `json:"cases"`
		Created bool         `json:"created"`
	}
	e.importZip(e.admin, r.body, "flood-copy").want(t, 201, "").json(t, &out)
	if out.Problem.Slug != "flood-copy" || out.Cases != 3 || !out.Created {
		t.Errorf("import answered %+v", out)
	}
	var a, b problemJSON
	e.do("GET", "/api/v1/problems/flood", e.admin, nil).json(t, &a)
	e.do("GET", "/api/v1/problems/flood-copy", e.admin, nil).json(t, &b)
	if a.Title != b.Title || a.Statement != b.Statement || len(a.Cases) != len(b.Cases) {
		t.Errorf("imported copy differs: %+v vs %+v", a, b)
	}
	// Importing again updates in place.
	e.importZip(e.admin, r.body, "flood-copy").want(t, 200, "")

	// A package with a path leaving it is refused whole: nothing written.
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zr, _ := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
	for _, f := range zr.File {
		w, _ := zw.Create(f.Name)
		rc, _ := f.Open()
		var data bytes.Buffer
		data.ReadFrom(rc)
		w.Write(data.Bytes())
	}
	w, _ := zw.Create("flood/../../evil.txt")
	w.Write([]byte("x"))
	zw.Close()
	msg := e.importZip(e.admin, buf.Bytes(), "flood-slip").want(t, 400, "invalid").errorMessage(t)
	if !strings.Contains(msg, "flood/../../evil.txt") {
		t.Errorf("zip slip refused with %q, want the entry named", msg)
	}
	e.do("GET", "/api/v1/problems/flood-slip", e.admin, nil).want(t, 404, "not_found")
	e.importZip(e.admin, []byte("not a zip"), "").want(t, 400, "invalid")
}

// TestImportRefusesDuplicateEntries performs issue 24's duplicate entry:
// an exported package with a second flood/problem.yaml was imported (201),
// the last entry silently winning. It is refused with 400 naming it, and
// nothing is written.
func TestImportRefusesDuplicateEntries(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	r := e.do("GET", "/api/v1/problems/flood/package.zip", e.admin, nil).want(t, 200, "")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zr, _ := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
	yaml := ""
	for _, f := range zr.File {
		w, _ := zw.Create(f.Name)
		rc, _ := f.Open()
		var data bytes.Buffer
		data.ReadFrom(rc)
		w.Write(data.Bytes())
		if strings.HasSuffix(f.Name, "problem.yaml") {
			yaml = f.Name
		}
	}
	if yaml == "" {
		t.Fatal("the exported package has no problem.yaml")
	}
	w, _ := zw.Create(yaml)
	w.Write([]byte("name: Another title\n"))
	zw.Close()
	msg := e.importZip(e.admin, buf.Bytes(), "flood-twice").want(t, 400, "invalid").errorMessage(t)
	if !strings.Contains(msg, yaml) || !strings.Contains(msg, "two entries") {
		t.Errorf("the duplicate refused with %q, want the entry %s named", msg, yaml)
	}
	e.do("GET", "/api/v1/problems/flood-twice", e.admin, nil).want(t, 404, "not_found")
}

// TestImportIsADraft performs issue 24's bug 4: an exported published
// problem imported under another slug was published at once, two
// identical entries for students. A new import is a draft unless the form
// says published=true; an import again keeps the problem's state.
func TestImportIsADraft(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ada := e.student("ada")
	e.waitReady()
	zipData := e.do("GET", "/api/v1/problems/flood/package.zip", e.admin, nil).want(t, 200, "").body
	var out struct {
		Problem authoredJSON `json:"problem"`
	}
	e.importZip(e.admin, zipData, "flood-copy").want(t, 201, "").json(t, &out)
	if out.Problem.Published {
		t.Errorf("a new import is published: %+v", out.Problem)
	}
	e.do("GET", "/api/v1/problems/flood-copy", ada, nil).want(t, 404, "not_found")
	e.importZip(e.admin, zipData, "flood-copy").want(t, 200, "").json(t, &out)
	if out.Problem.Published {
		t.Errorf("imported again, the draft was published: %+v", out.Problem)
	}
	e.importZip(e.admin, zipData, "flood-live", "published", "true").want(t, 201, "").json(t, &out)
	if !out.Problem.Published {
		t.Errorf("published=true gave a draft: %+v", out.Problem)
	}
	e.do("GET", "/api/v1/problems/flood-live", ada, nil).want(t, 200, "")
	e.importZip(e.admin, zipData, "flood-x", "published", "maybe").want(t, 400, "invalid")
}

// TestProblemStatementZH: statement_zh is written with the problem,
// edited, read back from the authoring answers and GET /problems/{slug},
// and removed with "".
func TestProblemStatementZH(t *testing.T) {
	e := newAPIEnv(t, Options{})
	var p authoredJSON
	e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": "flood-zh", "title": "Flood", "puzzle": "floodit",
		"statement": "# Flood\n", "statement_zh": "# 染色\n", "published": true}).want(t, 201, "").json(t, &p)
	if p.StatementZH != "# 染色\n" || p.Statement != "# Flood\n" {
		t.Errorf("created with statement_zh: %+v", p)
	}
	e.do("PATCH", "/api/v1/problems/flood-zh", e.admin, map[string]any{"statement_zh": "# 染色游戏\n"}).want(t, 200, "").json(t, &p)
	if p.StatementZH != "# 染色游戏\n" || p.Statement != "# Flood\n" {
		t.Errorf("after a PATCH of statement_zh: %+v", p)
	}
	var read problemJSON
	e.do("GET", "/api/v1/problems/flood-zh", e.admin, nil).want(t, 200, "").json(t, &read)
	if read.StatementZH != "# 染色游戏\n" {
		t.Errorf("GET /problems/flood-zh: statement_zh %q", read.StatementZH)
	}
	msg := e.do("PATCH", "/api/v1/problems/flood-zh", e.admin, map[string]any{"statement_zh": "bad \x00"}).want(t, 400, "invalid").errorMessage(t)
	if !strings.HasPrefix(msg, "statement_zh ") {
		t.Errorf("a NUL in statement_zh: message %q does not name the field", msg)
	}
	e.do("PATCH", "/api/v1/problems/flood-zh", e.admin, map[string]any{"statement_zh": ""}).want(t, 200, "").json(t, &p)
	if p.StatementZH != "" {
		t.Errorf("statement_zh \"\" kept %q", p.StatementZH)
	}
	var after problemJSON // statement_zh is left out when there is none
	e.do("GET", "/api/v1/problems/flood-zh", e.admin, nil).want(t, 200, "").json(t, &after)
	if after.StatementZH != "" {
		t.Errorf("GET after removing it: statement_zh %q", after.StatementZH)
	}
}

// TestProblemTitleZH: title_zh is written by POST and PATCH, and read back
// by GET /problems/{slug} and GET /problems (the catalogue's own too).
func TestProblemTitleZH(t *testing.T) {
	e := newAPIEnv(t, Options{})
	var p authoredJSON
	e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": "flood-zh", "title": "Flood", "title_zh": "染色", "puzzle": "floodit",
		"statement": "# Flood\n", "published": true}).want(t, 201, "").json(t, &p)
	if p.TitleZH != "染色" || p.Title != "Flood" {
		t.Errorf("created with title_zh: %+v", p)
	}
	e.do("PATCH", "/api/v1/problems/flood-zh", e.admin, map[string]any{"title_zh": "染色游戏"}).want(t, 200, "").json(t, &p)
	if p.TitleZH != "染色游戏" || p.Title != "Flood" {
		t.Errorf("after a PATCH of title_zh: %+v", p)
	}
	var read problemJSON
	e.do("GET", "/api/v1/problems/flood-zh", "", nil).want(t, 200, "").json(t, &read)
	if read.TitleZH != "染色游戏" {
		t.Errorf("GET /problems/flood-zh: title_zh %q", read.TitleZH)
	}
	var list []problemSummaryJSON
	e.do("GET", "/api/v1/problems", "", nil).want(t, 200, "").json(t, &list)
	want := map[string]string{"flood-zh": "染色游戏", "flood": "染色游戏"} // flood: the test catalogue's problem.yaml
	for _, s := range list {
		if w, ok := want[s.Slug]; ok && s.TitleZH != w {
			t.Errorf("GET /problems: %s has title_zh %q, want %q", s.Slug, s.TitleZH, w)
		}
	}
	msg := e.do("PATCH", "/api/v1/problems/flood-zh", e.admin, map[string]any{"title_zh": "bad \x00"}).want(t, 400, "invalid").errorMessage(t)
	if !strings.HasPrefix(msg, "title_zh ") {
		t.Errorf("a NUL in title_zh: message %q does not name the field", msg)
	}
	e.do("PATCH", "/api/v1/problems/flood-zh", e.admin, map[string]any{"title_zh": ""}).want(t, 200, "").json(t, &p)
	if p.TitleZH != "" {
		t.Errorf("title_zh \"\" kept %q", p.TitleZH)
	}
}
