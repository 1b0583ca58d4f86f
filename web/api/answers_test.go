package api

import (
	"archive/zip"
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// problemOf returns GET /problems/{slug}.
func (e *apiEnv) problemOf(slug string) problemJSON {
	e.t.Helper()
	var p problemJSON
	e.do("GET", "/api/v1/problems/"+slug, "", nil).want(e.t, 200, "").json(e.t, &p)
	return p
}

// unzip reads a zip into a map of name to content, in order of names.
func unzip(t testing.TB, data []byte) (names []string, files map[string]string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	files = map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		names = append(names, f.Name)
		files[f.Name] = string(b)
	}
	return names, files
}

// zipForm is a multipart form with kind=answer, the zip of files (name,
// content pairs) as "file", and extra fields.
func zipForm(t testing.TB, fields map[string]string, files ...string) (*bytes.Buffer, string) {
	t.Helper()
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for i := 0; i+1 < len(files); i += 2 {
		w, _ := zw.Create(files[i])
		w.Write([]byte(files[i+1]))
	}
	zw.Close()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", "answer.zip")
	fw.Write(zbuf.Bytes())
	mw.Close()
	return &body, mw.FormDataContentType()
}

func (e *apiEnv) postForm(token, slug string, body *bytes.Buffer, contentType string) response {
	e.t.Helper()
	req := e.request("POST", "/api/v1/problems/"+slug+"/submissions", body.Bytes())
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bearer "+token)
	return e.serve(req)
}

// TestInputVersionAndZip: the version is on the problem, on /input (header
// and ETag, 304 when current) and on input.zip, whose files are each one
// classic case.
func TestInputVersionAndZip(t *testing.T) {
	e := newAPIEnv(t, Options{})
	for _, ap := range apiProblems {
		slug := ap.problem.Slug
		t.Run(slug, func(t *testing.T) {
			e := e.with(t)
			p := e.problemOf(slug)
			if len(p.InputVersion) != 12 {
				t.Fatalf("input_version %q", p.InputVersion)
			}
			r := e.do("GET", "/api/v1/problems/"+slug+"/input", "", nil).want(t, 200, "")
			if r.header.Get("X-Input-Version") != p.InputVersion || r.header.Get("ETag") != `"`+p.InputVersion+`"` {
				t.Errorf("/input headers %v, want version %s", r.header, p.InputVersion)
			}
			req := e.request("GET", "/api/v1/problems/"+slug+"/input", nil)
			req.Header.Set("If-None-Match", r.header.Get("ETag"))
			if r := e.serve(req); r.status != http.StatusNotModified || len(r.body) != 0 {
				t.Errorf("If-None-Match with the current ETag: %d %q, want 304", r.status, r.body)
			}
			z := e.do("GET", "/api/v1/problems/"+slug+"/input.zip", "", nil).want(t, 200, "")
			if z.header.Get("Content-Type") != "application/zip" || z.header.Get("X-Input-Version") != p.InputVersion {
				t.Errorf("input.zip headers %v", z.header)
			}
			names, files := unzip(t, z.body)
			pz, _ := puzzles.Lookup(ap.problem.Puzzle)
			if len(names) != len(p.Cases) {
				t.Fatalf("input.zip holds %d files for %d cases", len(names), len(p.Cases))
			}
			for i, name := range names {
				if want := p.Cases[i].File + ".in"; name != want || !strings.HasPrefix(name, "0") {
					t.Errorf("file %d is %q, want %q", i, name, want)
				}
				cases, err := pz.ParseCases(files[name])
				if err != nil || len(cases) != 1 || cases[0] != strings.TrimSpace(ap.cases[i].Input)+"\n" {
					t.Errorf("%s = %q: %d cases, %v; want its one case", name, files[name], len(cases), err)
				}
				if ap.problem.Puzzle != "mayan" && !strings.HasSuffix(files[name], "\n0\n") {
					t.Errorf("%s does not end with the closing 0: %q", name, files[name])
				}
			}
			if names[0] != "01-sample-1.in" {
				t.Errorf("first file %q, want 01-sample-1.in (not prefixed twice)", names[0])
			}
			// Issue 24: the entries were dated 1980.
			zr, _ := zip.NewReader(bytes.NewReader(z.body), int64(len(z.body)))
			if at := zr.File[0].Modified; at.Year() < 2000 {
				t.Errorf("input.zip entries are dated %s", at)
			}
		})
	}
}

// TestAnswersKeepTheirBoards: an accepted answer stays accepted when a board
// is added; an answer for an old version is a 409; deleting a board rejudges
// only the answers that hold it and records it in their history, marked
// changed until the student opens it.
func TestAnswersKeepTheirBoards(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	student := e.student("ada")
	v1 := e.problemOf("flood").InputVersion
	// 0 and 3 moves for the samples; the hidden board needs 4... or not:
	// the test computes it.
	hidden := solveRef(t, "floodit", apiProblems[0].cases[2].Input)
	answer := "0\n3\n" + hidden.answer
	first := e.submit(student, "flood", map[string]any{"kind": "answer", "output": answer, "input_version": v1})
	if s := e.result(student, first); s.Verdict != judge.Accepted || s.Score != 100 || s.InputVersion != v1 || len(s.CaseIDs) != 3 {
		t.Fatalf("first answer = %+v", s)
	}

	var added struct{ ID int64 }
	e.do("POST", "/api/v1/problems/flood/cases", e.admin, map[string]any{"input": "2\n0 1\n1 1\n", "name": "added"}).want(t, 201, "").json(t, &added)
	e.waitReady()
	v2 := e.problemOf("flood").InputVersion
	if v2 == v1 {
		t.Fatalf("the version did not change when a board was added")
	}
	if s := e.result(student, first); s.Verdict != judge.Accepted || s.Score != 100 || len(s.Cases) != 3 || s.History == nil || len(*s.History) != 0 {
		t.Errorf("after a board was added, the first answer = %+v", s)
	}
	r := e.do("POST", "/api/v1/problems/flood/submissions", student, map[string]any{"kind": "answer", "output": answer, "input_version": v1}).want(t, 409, judge.ESTALEINPUT)
	if msg := r.errorMessage(t); !strings.Contains(msg, v2) || !strings.Contains(msg, "download the input again") {
		t.Errorf("stale message %q", msg)
	}
	second := e.submit(student, "flood", map[string]any{"kind": "answer", "output": answer + "5\n"})
	if s := e.result(student, second); s.Verdict != judge.WrongAnswer || s.InputVersion != v2 || len(s.Cases) != 4 {
		t.Fatalf("second answer = %+v", s)
	}

	e.do("DELETE", "/api/v1/problems/flood/cases/"+itoa64(added.ID), e.admin, nil).want(t, 204, "")
	// The list marks the change before the student opens the submission.
	var list []submissionJSON
	for range 3000 {
		e.do("GET", "/api/v1/submissions", student, nil).want(t, 200, "").json(t, &list)
		if list[0].ID == second && list[0].Status == judge.StatusDone && list[0].Changed {
			break
		}
	}
	if list[0].ID != second || !list[0].Changed || list[1].Changed {
		t.Fatalf("list after the deletion = %+v", list)
	}
	s := e.result(student, second)
	if s.Verdict != judge.Accepted || s.Score != 100 || len(s.Cases) != 3 || s.History == nil || len(*s.History) != 1 {
		t.Fatalf("after the deletion, the second answer = %+v", s)
	}
	if h := (*s.History)[0]; h.Verdict != judge.WrongAnswer || h.Score != 75 || h.NewVerdict != judge.Accepted || h.Reason != "board 4 was deleted" || h.JudgedAt == nil {
		t.Errorf("history = %+v", h)
	}
	e.do("GET", "/api/v1/submissions", student, nil).want(t, 200, "").json(t, &list)
	if list[0].Changed {
		t.Errorf("still marked changed after the student opened it")
	}
	if s := e.result(student, first); s.History == nil || len(*s.History) != 0 {
		t.Errorf("the first answer, which does not hold the deleted board, was rejudged: %+v", s.History)
	}
}

// TestPerCaseAnswers: the reference outputs of each case, sent as a JSON map
// or as a zip of .out files, are accepted for the three puzzles.
func TestPerCaseAnswers(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	student := e.student("ada")
	for _, ap := range apiProblems {
		slug := ap.problem.Slug
		t.Run(slug, func(t *testing.T) {
			e := e.with(t)
			p := e.problemOf(slug)
			outputs := map[string]string{}
			var files []string
			for i, c := range p.Cases {
				out := solveRef(t, ap.problem.Puzzle, ap.cases[i].Input).answer
				outputs[c.File] = out
				files = append(files, c.File+".out", out)
			}
			id := e.submit(student, slug, map[string]any{"kind": "answer", "outputs": outputs, "input_version": p.InputVersion})
			if s := e.result(student, id); s.Verdict != judge.Accepted || s.Score != 100 || len(s.Outputs) != len(p.Cases) || s.Payload != "" {
				t.Errorf("JSON per-case outputs = %+v", s)
			}
			body, ct := zipForm(t, map[string]string{"kind": "answer", "input_version": p.InputVersion}, files...)
			var out struct{ ID int64 }
			e.postForm(student, slug, body, ct).want(t, 202, "").json(t, &out)
			if s := e.result(student, out.ID); s.Verdict != judge.Accepted || s.Score != 100 {
				t.Errorf("zip of per-case outputs = %+v", s)
			}
		})
	}
	p := e.problemOf("flood")
	// A missing case is no output; an unknown name is a 400 that lists it.
	id := e.submit(student, "flood", map[string]any{"kind": "answer", "outputs": map[string]string{p.Cases[0].File: "0\n"}})
	if s := e.result(student, id); s.Cases[1].Message != "no output for this case" || s.Cases[0].Verdict != judge.Accepted {
		t.Errorf("a missing case: %+v", s.Cases)
	}
	r := e.do("POST", "/api/v1/problems/flood/submissions", student, map[string]any{"kind": "answer", "outputs": map[string]string{"07-x": "1", "01-sample-1": "0"}}).want(t, 400, judge.EINVALID)
	if msg := r.errorMessage(t); !strings.Contains(msg, `"07-x"`) || strings.Contains(msg, `"01-sample-1"`) {
		t.Errorf("unknown name message %q", msg)
	}
	e.do("POST", "/api/v1/problems/flood/submissions", student, map[string]any{"kind": "answer", "output": "0\n", "outputs": map[string]string{}}).want(t, 400, judge.EINVALID)
	for name, form := range map[string]func() (*bytes.Buffer, string){
		"a path": func() (*bytes.Buffer, string) {
			return zipForm(t, map[string]string{"kind": "answer"}, "../01-sample-1.out", "0\n")
		},
		"moves": func() (*bytes.Buffer, string) {
			return zipForm(t, map[string]string{"kind": "moves"}, "01-sample-1.out", "0\n")
		},
		"not .out": func() (*bytes.Buffer, string) {
			return zipForm(t, map[string]string{"kind": "answer"}, "01-sample-1.txt", "0\n")
		},
		"stale": func() (*bytes.Buffer, string) {
			return zipForm(t, map[string]string{"kind": "answer", "input_version": "0123456789ab"}, "01-sample-1.out", "0\n")
		},
		"no answer": func() (*bytes.Buffer, string) { return zipForm(t, map[string]string{"kind": "answer"}) },
	} {
		body, ct := form()
		r := e.postForm(student, "flood", body, ct)
		want := http.StatusBadRequest
		if name == "stale" {
			want = http.StatusConflict
		}
		if r.status != want {
			t.Errorf("%s: status %d, want %d (%s)", name, r.status, want, r.body)
		}
	}
}

// TestMovesRefused: empty moves, a case of another problem and too many
// moves are 400s; POST /check still takes empty moves.
func TestMovesRefused(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	student := e.student("ada")
	flood, maya := e.caseIDs("flood"), e.caseIDs("maya")
	for _, tc := range []struct {
		name, slug string
		body       map[string]any
		msg        string
	}{
		{"empty", "flood", map[string]any{"kind": "moves", "case": flood[2], "moves": ""}, "the moves are empty"},
		{"another problem's case", "flood", map[string]any{"kind": "moves", "case": maya[0], "moves": "1"}, "problem flood has no case"},
		{"too many", "maya", map[string]any{"kind": "moves", "case": maya[0], "moves": "2 1 1\n3 1 1\n3 0 1\n3 0 1\n"}, "at most 3 moves"},
	} {
		r := e.do("POST", "/api/v1/problems/"+tc.slug+"/submissions", student, tc.body).want(t, 400, judge.EINVALID)
		if msg := r.errorMessage(t); !strings.Contains(msg, tc.msg) {
			t.Errorf("%s: message %q, want %q", tc.name, msg, tc.msg)
		}
	}
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "floodit", "board": "3\n0 1 0\n1 0 1\n0 1 0\n", "moves": ""}).want(t, 200, "")
}

// TestProgressAPI: the best is the highest score whatever its verdict, moves
// count per board, and each board has its status.
func TestProgressAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	student := e.student("ada")
	e.do("GET", "/api/v1/problems/flood/progress", "", nil).want(t, 401, "")
	var p standingJSON
	e.do("GET", "/api/v1/problems/flood/progress", student, nil).want(t, 200, "").json(t, &p)
	if p.Best != nil || len(p.Boards) != 3 || p.Boards[0].Status != judge.BoardUntried || p.Boards[0].File != "01-sample-1" {
		t.Fatalf("progress before any submission = %+v", p)
	}
	// Moves for the first sample board only: one board of three.
	ids := e.caseIDs("flood")
	e.result(student, e.submit(student, "flood", map[string]any{"kind": "moves", "case": ids[1], "moves": solveRef(t, "floodit", apiProblems[0].cases[1].Input).moves}))
	e.do("GET", "/api/v1/problems/flood/progress", student, nil).want(t, 200, "").json(t, &p)
	if b := p.Best; b == nil || b.Verdict != judge.NotSolved || b.Kind != judge.KindMoves || b.Solved != 1 || b.Boards != 3 || b.Score < 33.3 || b.Score > 33.4 {
		t.Errorf("best after moves for one board = %+v, want not_solved 33.3 (1 of 3)", b)
	}
	if p.Boards[1].Status != judge.BoardAccepted || p.Boards[2].Status != judge.BoardUntried {
		t.Errorf("boards = %+v", p.Boards)
	}
	// A wrong answer scoring 66.7 beats it.
	e.result(student, e.submit(student, "flood", map[string]any{"kind": "answer", "output": "0\n3\n99\n"}))
	e.do("GET", "/api/v1/problems/flood/progress", student, nil).want(t, 200, "").json(t, &p)
	if b := p.Best; b == nil || b.Verdict != judge.WrongAnswer || b.Kind != judge.KindAnswer || b.Score < 66.6 || b.Score > 66.7 {
		t.Errorf("best after a wrong answer = %+v, want wrong_answer 66.7", b)
	}
	if p.Boards[0].Status != judge.BoardAccepted || p.Boards[2].Status != judge.BoardTried {
		t.Errorf("boards = %+v", p.Boards)
	}
}

// TestOutputsKeyedByFileName performs issue 24's bug 6 as the user met it:
// JSON outputs keyed "01-sample-1.out", the file name the README speaks
// of, were refused. The name is taken with or without .out; both at once
// is a 400.
func TestOutputsKeyedByFileName(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	student := e.student("ada")
	id := e.submit(student, "flood", map[string]any{"kind": "answer", "outputs": map[string]string{"01-sample-1.out": "0\n", "02-sample-2": "3\n"}})
	s := e.result(student, id)
	if s.Cases[0].Verdict != judge.Accepted || s.Cases[1].Verdict != judge.Accepted {
		t.Errorf("outputs keyed 01-sample-1.out and 02-sample-2: %+v", s.Cases)
	}
	msg := e.do("POST", "/api/v1/problems/flood/submissions", student, map[string]any{"kind": "answer",
		"outputs": map[string]string{"01-sample-1.out": "0\n", "01-sample-1": "0\n"}}).want(t, 400, judge.EINVALID).errorMessage(t)
	if !strings.Contains(msg, "twice") {
		t.Errorf("the same case twice: %q", msg)
	}
}
