package web

import (
	"archive/zip"
	"bytes"
	"math/rand/v2"
	"mime/multipart"
	"net/http/httptest"
	"testing"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/problems/kattis"
)

// TestImportBodyLimit checks that the package upload is exempt from the
// global 1 MiB body cap, up to its own 16 MiB, and that other routes are not.
func TestImportBodyLimit(t *testing.T) {
	e := newAPIEnv(t, Options{})
	// 4 MiB of an attachment that does not compress, in an otherwise valid package.
	noise := make([]byte, 4<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = 'a' + byte(rng.IntN(26))
	}
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for name, body := range map[string]string{
		"big/problem.yaml":            "problem_format_version: 2023-07-draft\nname: Big\nuuid: x\npuzzlejudge:\n  puzzle: floodit\n",
		"big/statement/problem.en.md": string(noise[:200<<10]),
		"big/data/secret/1.in":        "1\n0\n",
		"big/data/secret/1.ans":       "0\n",
		"big/attachments/noise.txt":   string(noise),
	} {
		w, _ := zw.Create(name)
		w.Write([]byte(body))
	}
	zw.Close()
	if zbuf.Len() < 2<<20 || zbuf.Len() > kattis.MaxUpload {
		t.Fatalf("test package of %d bytes", zbuf.Len())
	}
	var contentType string
	form := func(data []byte) *bytes.Buffer {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", "big.zip")
		fw.Write(data)
		mw.Close()
		contentType = mw.FormDataContentType()
		return &buf
	}
	send := func(path string, body *bytes.Buffer) webtest.Response {
		req := httptest.NewRequest("POST", path, body)
		req.Header.Set("Authorization", "Bearer "+e.admin)
		req.Header.Set("Content-Type", contentType)
		return e.Serve(req)
	}
	send("/api/v1/problems/import", form(zbuf.Bytes())).Want(t, 201, "")
	send("/api/v1/problems/flood/cases", form(zbuf.Bytes())).Want(t, 413, "too_large")
	send("/api/v1/problems/import", form(make([]byte, kattis.MaxUpload+1<<20))).Want(t, 413, "too_large")
}
