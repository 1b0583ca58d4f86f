package judge

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// CaseOutput is the output of one case of an answer sent per case: the
// case it answers, the base name it was sent under, and the text.
type CaseOutput struct {
	CaseID int64
	Name   string
	Output string
}

// inputsOf returns the inputs of cases, in their order.
func CaseInputs(cases []Case) []string {
	inputs := make([]string, len(cases))
	for i, c := range cases {
		inputs[i] = c.Input
	}
	return inputs
}

// CaseFile is one file of input.zip: a case as a complete classic input of
// one case, under its base name (the file is Base + ".in").
type CaseFile struct {
	Base   string
	CaseID int64
	Input  string
}

// CaseBase returns the base name of a case's files: "NN-name", where NN is
// its position zero-padded to width digits, and the name is made safe for
// a file name (letters, digits, '_' and '-'; anything else becomes '-'). A name that already starts with its own "NN-" is not prefixed again,
// so the shipped "01-sample-1" stays "01-sample-1".
func CaseBase(position, width int, name string) string {
	nn := fmt.Sprintf("%0*d", width, position)
	var sb strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			sb.WriteRune(r)
		default:
			sb.WriteByte('-')
		}
	}
	safe := strings.Trim(sb.String(), "-")
	for strings.Contains(safe, "--") {
		safe = strings.ReplaceAll(safe, "--", "-")
	}
	switch {
	case safe == "":
		return nn
	case strings.HasPrefix(safe, nn+"-"):
		return safe
	}
	return nn + "-" + safe
}

// CaseBases returns the base names of cases, in order. Two cases that would
// share one (names equal once made safe) get their id appended.
func CaseBases(cases []Case) []string {
	width := max(2, len(strconv.Itoa(len(cases))))
	for _, c := range cases {
		width = max(width, len(strconv.Itoa(c.Position)))
	}
	out := make([]string, len(cases))
	seen := map[string]bool{}
	for i, c := range cases {
		b := CaseBase(c.Position, width, c.Name)
		if seen[b] {
			b += "-" + strconv.FormatInt(c.ID, 10)
		}
		seen[b] = true
		out[i] = b
	}
	return out
}

func caseFiles(in ProblemInput) []CaseFile {
	bases := CaseBases(in.Cases)
	out := make([]CaseFile, 0, len(in.Cases))
	for i, c := range in.Cases {
		if !c.Secret {
			out = append(out, CaseFile{Base: bases[i], CaseID: c.ID, Input: in.Puzzle.JudgeInput([]string{c.Input})})
		}
	}
	return out
}

// WriteInputZip writes files as a zip of NN-name.in files dated modified
// (without a date, zip says 1980).
func WriteInputZip(w io.Writer, files []CaseFile, modified time.Time) error {
	zw := zip.NewWriter(w)
	for _, f := range files {
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Base + ".in", Method: zip.Deflate, Modified: modified.UTC()})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(fw, f.Input); err != nil {
			return err
		}
	}
	return zw.Close()
}

// Limits on a zip of per-case outputs, which is untrusted: a zip bomb or a
// zip of a million empty files must be refused before it costs anything.
const (
	MaxOutputFiles = MaxCases + 10
	// MaxOutputBytes bounds the unpacked outputs together, as the
	// whole-output form is bounded.
	MaxOutputBytes = MaxPayloadBytes
)

// ReadOutputsZip reads a zip of per-case outputs (NN-name.out) into a map
// from base name to text. It refuses folders, paths, names that do not end in
// .out, duplicates, and archives over the limits, with EINVALID.
func ReadOutputsZip(data []byte) (map[string]string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, Errorf(EINVALID, "the file is not a zip archive of NN-name.out files: %v", err)
	}
	if len(zr.File) > MaxOutputFiles {
		return nil, Errorf(EINVALID, "the zip holds %d files; at most %d are read", len(zr.File), MaxOutputFiles)
	}
	out := make(map[string]string, len(zr.File))
	total := int64(0)
	for _, f := range zr.File {
		name := f.Name
		switch {
		case strings.HasSuffix(name, "/") && f.UncompressedSize64 == 0:
			return nil, Errorf(EINVALID, "the zip holds a folder %q: put the .out files at its top level", name)
		case strings.ContainsAny(name, "/\\") || strings.Contains(name, ".."):
			return nil, Errorf(EINVALID, "zip entry %q: a name may not hold a path (/, \\ or ..): put the .out files at the top level", name)
		case !utf8.ValidString(name):
			return nil, Errorf(EINVALID, "zip entry %q: the name is not valid UTF-8", name)
		case !strings.HasSuffix(name, ".out") || name == ".out":
			return nil, Errorf(EINVALID, "zip entry %q: want one file NN-name.out per case (the names of input.zip, .in replaced by .out)", name)
		}
		base := strings.TrimSuffix(name, ".out")
		if _, dup := out[base]; dup {
			return nil, Errorf(EINVALID, "zip entry %q appears twice", name)
		}
		if f.UncompressedSize64 > MaxOutputBytes || total+int64(f.UncompressedSize64) > MaxOutputBytes {
			return nil, Errorf(EINVALID, "the outputs unpack to more than %d bytes", MaxOutputBytes)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, Errorf(EINVALID, "zip entry %q cannot be read: %v", name, err)
		}
		// The sizes in the header are the sender's word: read at most the
		// budget left, and one byte more to notice a lie.
		b, err := io.ReadAll(io.LimitReader(rc, MaxOutputBytes-total+1))
		rc.Close()
		if err != nil {
			return nil, Errorf(EINVALID, "zip entry %q cannot be read: %v", name, err)
		}
		total += int64(len(b))
		if total > MaxOutputBytes {
			return nil, Errorf(EINVALID, "the outputs unpack to more than %d bytes", MaxOutputBytes)
		}
		out[base] = string(b)
	}
	return out, nil
}
