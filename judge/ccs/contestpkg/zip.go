// Package contestpkg reads and writes contests as ICPC Contest Packages
// (github.com/icpc/ccs-specs, Contest_Package.md, release 2026-01): a zip
// of the Contest API's JSON files (contest.json or contest.yaml,
// problems.json, teams.json, accounts.json, submissions.json with their
// files, judgements.json, ...), with a Kattis problem package per problem
// under problems/<id>/. Packages are untrusted: the archive is checked
// whole before any entry is unpacked, and only the files the import reads
// are unpacked, each within its own bound.
package contestpkg

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"puzzlejudge/problems/kattis"
)

// The bounds of an untrusted contest package. archive/zip of the standard
// library reads the central directory without unpacking anything, so the
// entries' names, kinds and declared sizes are all checked first; an entry
// is then unpacked only when the import needs it, and never past the size
// it declares (a lying entry is an error, not a bomb).
const (
	MaxUpload   = 64 << 20  // bytes of the zip itself
	MaxEntries  = 50000     // a file per submission, and a few more
	MaxUnpacked = 512 << 20 // declared bytes of all entries together
	MaxRatio    = 200       // unpacked / packed, per entry of 64 KiB or more
	ratioFloor  = 64 << 10
	// MaxJSON bounds one JSON file the import reads (submissions.json of
	// 20,000 submissions is about 6 MB); MaxYAML one YAML file, whose
	// decoder costs far more per byte.
	MaxJSON = 32 << 20
	MaxYAML = 1 << 20
	// MaxSubmissionFiles bounds a submission's files.zip and what it
	// unpacks to (a source, an answer of every board).
	MaxSubmissionFiles = 4 << 20
	// MaxProblemPackage bounds a problem's package, read by kattis.Read.
	MaxProblemPackage = 16 << 20
)

// Error is a package that Read refuses: File names the entry at fault
// ("" for the archive as a whole), Line and Column the place in it when
// the file does not parse (0 when unknown), Msg says why.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	where := e.File
	switch {
	case where == "":
		where = "package"
	case e.Line > 0 && e.Column > 0:
		where = fmt.Sprintf("%s:%d:%d", where, e.Line, e.Column)
	case e.Line > 0:
		where = fmt.Sprintf("%s:%d", where, e.Line)
	}
	return where + ": " + e.Msg
}

func refuse(file, format string, args ...any) *Error {
	return &Error{File: file, Msg: fmt.Sprintf(format, args...)}
}

// archive is a checked zip: its regular files by path relative to the
// package's folder.
type archive struct {
	files map[string]*zip.File
	// unpacked are the files read.
	unpacked map[string]bool
}

// openArchive checks every entry of the zip in data and returns its files.
// A package is "a single directory ... or a ZIP compressed archive of the
// directory": when contest.json (or .yaml) is not at the root and every
// file is in one folder, that folder is the package.
func openArchive(data []byte) (*archive, error) {
	if len(data) > MaxUpload {
		return nil, refuse("", "the archive has %d bytes, more than %d", len(data), MaxUpload)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, refuse("", "not a zip archive: %v", err)
	}
	if len(zr.File) > MaxEntries {
		return nil, refuse("", "%d entries, more than %d", len(zr.File), MaxEntries)
	}
	var total uint64
	a := &archive{files: make(map[string]*zip.File, len(zr.File)), unpacked: map[string]bool{}}
	dirs := map[string]bool{}
	for _, f := range zr.File {
		if err := checkEntry(f); err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(f.Name, "/")
		if a.files[name] != nil || dirs[name] {
			return nil, refuse(f.Name, "the archive holds two entries of this name")
		}
		if f.FileInfo().IsDir() {
			dirs[name] = true
			continue
		}
		total += f.UncompressedSize64
		if total > MaxUnpacked {
			return nil, refuse("", "more than %d bytes unpacked", MaxUnpacked)
		}
		if f.UncompressedSize64 >= ratioFloor && f.UncompressedSize64 > MaxRatio*f.CompressedSize64 {
			return nil, refuse(f.Name, "compressed more than %d to 1: refused as a possible zip bomb", MaxRatio)
		}
		a.files[name] = f
	}
	if top := topFolder(a.files); top != "" {
		inner := make(map[string]*zip.File, len(a.files))
		for name, f := range a.files {
			inner[strings.TrimPrefix(name, top+"/")] = f
		}
		a.files = inner
	}
	return a, nil
}

// checkEntry refuses an entry whose path could leave the package, a link,
// and anything but a file or a folder: kattis.CheckEntry's rules, told as
// this package's Error.
func checkEntry(f *zip.File) error {
	var bad *kattis.Error
	if err := kattis.CheckEntry(f); errors.As(err, &bad) {
		return refuse(bad.File, "%s", bad.Msg)
	} else if err != nil {
		return err
	}
	return nil
}

// topFolder returns the one folder holding every file when the package's
// files are not at the root, else "".
func topFolder(files map[string]*zip.File) string {
	if files["contest.json"] != nil || files["contest.yaml"] != nil {
		return ""
	}
	top := ""
	for name := range files {
		first, _, nested := strings.Cut(name, "/")
		if !nested || (top != "" && first != top) {
			return ""
		}
		top = first
	}
	return top
}

// has reports whether the package holds the file.
func (a *archive) has(name string) bool { return a.files[name] != nil }

// read unpacks one file of at most limit bytes, never more than it
// declares.
func (a *archive) read(name string, limit uint64) ([]byte, error) {
	f := a.files[name]
	if f == nil {
		return nil, refuse(name, "missing")
	}
	if f.UncompressedSize64 > limit {
		return nil, refuse(name, "%d bytes, more than %d", f.UncompressedSize64, limit)
	}
	a.unpacked[name] = true
	return unpack(f)
}

func unpack(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, refuse(f.Name, "cannot be read: %v", err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, int64(f.UncompressedSize64)+1))
	switch {
	case err != nil:
		return nil, refuse(f.Name, "cannot be read: %v", err)
	case uint64(len(b)) > f.UncompressedSize64:
		return nil, refuse(f.Name, "unpacks to more bytes than it declares")
	}
	return b, nil
}

// submissionText returns the text of a submission's files.zip: its one
// file, or its files one after the other in name order (an answer sent as
// per-board files); the spec puts them at the archive's root.
func submissionText(name string, data []byte) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", refuse(name, "not a zip archive: %v", err)
	}
	if len(zr.File) > 1000 {
		return "", refuse(name, "%d files, more than 1000", len(zr.File))
	}
	var total uint64
	var b strings.Builder
	for _, f := range zr.File {
		if err := checkEntry(f); err != nil {
			return "", refuse(name, "%s", err.Error())
		}
		if f.FileInfo().IsDir() {
			continue
		}
		if total += f.UncompressedSize64; total > MaxSubmissionFiles {
			return "", refuse(name, "unpacks to more than %d bytes", MaxSubmissionFiles)
		}
		text, err := unpack(f)
		if err != nil {
			return "", refuse(name, "%s", err.Error())
		}
		b.Write(text)
	}
	if !utf8.ValidString(b.String()) {
		return "", refuse(name, "the submission is not UTF-8 text")
	}
	return b.String(), nil
}

// File is one file of a package being written.
type File struct {
	Name string
	Data []byte
}

// modified dates every entry of a written package, so that one contest
// gives the same bytes whenever it is exported (the submissions' own zips
// carry their times).
var modified = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Write writes the files as a zip archive of the folder dir/ (the
// contest's id, as the format recommends), in the order given.
func Write(w io.Writer, dir string, files []File) error {
	zw := zip.NewWriter(w)
	for _, f := range files {
		method := zip.Deflate
		if path.Ext(f.Name) == ".zip" {
			method = zip.Store // compressed already
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: dir + "/" + f.Name, Method: method, Modified: modified})
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.Data); err != nil {
			return err
		}
	}
	return zw.Close()
}
