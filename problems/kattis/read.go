package kattis

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// The bounds of an untrusted package.
const (
	MaxUpload   = 16 << 20 // bytes of the zip itself
	MaxEntries  = 2000
	MaxUnpacked = 64 << 20 // bytes of all entries together, unpacked
	MaxRatio    = 100      // unpacked / packed, per entry and overall
	// ratioFloor is the size below which an entry's ratio is not held
	// against it: a few kilobytes of a repetitive board compress well and
	// harm no one; the total bound still applies to them.
	ratioFloor = 4 << 10
	// MaxYAML bounds each YAML file (problem.yaml, and any other the
	// package holds) before it is decoded: a real problem.yaml is a few
	// KB, and a 32 MB one (348 KB zipped, under the ratio bound) took the
	// decoder to 3.28 GB.
	MaxYAML = 64 << 10
)

// Error is a package that Read refuses; File names the entry at fault ("" for
// the archive as a whole) and Msg says why, with the line where it helps.
type Error struct {
	File string
	Msg  string
}

func (e *Error) Error() string {
	if e.File == "" {
		return "package: " + e.Msg
	}
	return e.File + ": " + e.Msg
}

func refuse(file, format string, args ...any) error {
	return &Error{File: file, Msg: fmt.Sprintf(format, args...)}
}

// Read reads a package from the bytes of a zip archive. Nothing of it is
// trusted: the checks on the archive's entries (paths, links, counts,
// sizes and compression) are made before any entry is unpacked, and sizes
// are held to what the entries declare while unpacking. The slug is the
// puzzlejudge section's, else the name of the archive's single top folder.
func Read(data []byte) (Package, error) {
	if len(data) > MaxUpload {
		return Package{}, refuse("", "the archive has %d bytes, more than %d", len(data), MaxUpload)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Package{}, refuse("", "not a zip archive: %v", err)
	}
	files, top, err := unpack(zr)
	if err != nil {
		return Package{}, err
	}
	return parse(files, top)
}

// unpack checks every entry, then reads the regular files into memory, by
// their path relative to the package folder.
func unpack(zr *zip.Reader) (map[string]string, string, error) {
	if len(zr.File) > MaxEntries {
		return nil, "", refuse("", "%d entries, more than %d", len(zr.File), MaxEntries)
	}
	var total, packed uint64
	seen := make(map[string]bool, len(zr.File))
	for _, f := range zr.File {
		if err := CheckEntry(f); err != nil {
			return nil, "", err
		}
		// Two entries of one name: which one wins depends on the reader,
		// so neither is taken.
		name := strings.TrimSuffix(f.Name, "/")
		if seen[name] {
			return nil, "", refuse(f.Name, "the archive holds two entries of this name")
		}
		seen[name] = true
		if f.FileInfo().IsDir() {
			continue
		}
		if isYAML(f.Name) && f.UncompressedSize64 > MaxYAML {
			return nil, "", refuse(f.Name, "%d bytes, more than %d: a problem.yaml is a few KB", f.UncompressedSize64, MaxYAML)
		}
		total += f.UncompressedSize64
		packed += f.CompressedSize64
		if total > MaxUnpacked {
			return nil, "", refuse("", "more than %d bytes unpacked", MaxUnpacked)
		}
		if f.UncompressedSize64 >= ratioFloor && f.UncompressedSize64 > MaxRatio*f.CompressedSize64 {
			return nil, "", refuse(f.Name, "compressed more than %d to 1: refused as a possible zip bomb", MaxRatio)
		}
	}
	if total >= ratioFloor && total > MaxRatio*packed {
		return nil, "", refuse("", "compressed more than %d to 1: refused as a possible zip bomb", MaxRatio)
	}
	top := topFolder(zr)
	files := map[string]string{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		text, err := readEntry(f)
		if err != nil {
			return nil, "", err
		}
		rel := f.Name
		if top != "" {
			rel = strings.TrimPrefix(rel, top+"/")
		}
		files[rel] = text
	}
	return files, top, nil
}

// isYAML reports whether an entry is a YAML file, by its name.
func isYAML(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".yaml" || ext == ".yml"
}

// CheckEntry refuses (with an *Error naming it) a zip entry whose path
// could leave the package, a link, and anything but a file or a folder.
// The contest packages (judge/ccs/contestpkg) hold their entries to it too.
func CheckEntry(f *zip.File) error {
	name := f.Name
	switch {
	case name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "\\") || strings.Contains(name, ":") || strings.ContainsRune(name, 0):
		return refuse(name, "an absolute or non-portable path is not allowed in a package")
	case !utf8.ValidString(name):
		return refuse(name, "the entry's name is not UTF-8")
	}
	for _, part := range strings.Split(strings.TrimSuffix(name, "/"), "/") {
		if part == ".." || part == "." || part == "" {
			return refuse(name, "a path with '..', '.' or an empty part is not allowed in a package")
		}
	}
	mode := f.Mode()
	switch {
	case mode&fs.ModeSymlink != 0:
		return refuse(name, "links are not allowed in a package")
	case f.FileInfo().IsDir():
		return nil
	case !mode.IsRegular():
		return refuse(name, "only files and folders are allowed in a package")
	}
	return nil
}

// topFolder returns the folder that holds every file of the archive, as in
// Kattis's archives of the folder <problem>/, or "" when the files are at
// the root.
func topFolder(zr *zip.Reader) string {
	top := ""
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		first, _, nested := strings.Cut(f.Name, "/")
		if !nested || (top != "" && first != top) {
			return ""
		}
		top = first
	}
	return top
}

// readEntry unpacks one entry, never more than it declares.
func readEntry(f *zip.File) (string, error) {
	rc, err := f.Open()
	if err != nil {
		return "", refuse(f.Name, "cannot be read: %v", err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, int64(f.UncompressedSize64)+1))
	switch {
	case err != nil:
		return "", refuse(f.Name, "cannot be read: %v", err)
	case uint64(len(b)) > f.UncompressedSize64:
		return "", refuse(f.Name, "unpacks to more bytes than it declares")
	}
	return string(b), nil
}

// testCase is one .in file of data/.
type testCase struct {
	name   string // path under data/ without .in: "secret/03-random"
	sample bool
}

// parse turns the files of a package into a Package.
func parse(files map[string]string, top string) (Package, error) {
	raw, ok := files["problem.yaml"]
	if !ok {
		return Package{}, refuse("problem.yaml", "missing: a package has problem.yaml at its root")
	}
	var m manifest
	if err := yaml.Unmarshal([]byte(raw), &m); err != nil {
		return Package{}, refuse("problem.yaml", "%v", err)
	}
	sec := m.PuzzleJudge
	if sec == nil {
		return Package{}, refuse("problem.yaml", "no puzzlejudge section: it names the puzzle, one of %s (puzzlejudge: {puzzle: NAME})", strings.Join(puzzles.PuzzleNames(), ", "))
	}
	title, err := nameOf(m.Name)
	if err != nil {
		return Package{}, err
	}
	p := judge.Problem{Slug: sec.Slug, Title: title, TitleZH: nameZHOf(m.Name), Puzzle: sec.Puzzle, Checker: sec.Checker, Draft: !sec.Published,
		Limits: judge.Limits{MaxSize: sec.Limits.MaxSize, MaxColors: sec.Limits.MaxColors, MaxMoves: sec.Limits.MaxMoves}}
	m.Limits.set(&p.Limits)
	p.Limits = p.Limits.WithProgramDefaults()
	if key, err := p.Limits.Check(); err != nil {
		path := append([]string{"limits"}, strings.Split(key, ".")...)
		if strings.HasPrefix(key, "max_") {
			path = []string{"puzzlejudge", "limits", key}
		}
		return Package{}, refuse("problem.yaml", "line %d: %s", lineOf(raw, path...), judge.ErrorMessage(err))
	}
	if p.Kinds, err = judge.NormalizeKinds(sec.Kinds); err != nil {
		return Package{}, refuse("problem.yaml", "line %d: puzzlejudge.%s", lineOf(raw, "puzzlejudge", "kinds"), judge.ErrorMessage(err))
	}
	if p.Slug == "" {
		p.Slug = top
	}
	if p.Checker == judge.CheckerExact {
		p.Checker = "" // as the judge stores it
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return Package{}, refuse("problem.yaml", "line %d: puzzlejudge.puzzle: %s", lineOf(raw, "puzzlejudge", "puzzle"), judge.ErrorMessage(err))
	}
	statement, ok := files["statement/problem.en.md"]
	if !ok {
		return Package{}, refuse("statement/problem.en.md", "missing: the judge reads Markdown statements")
	}
	p.Statement = statement
	// The Chinese statement travels too, when the package has one.
	p.StatementZH = files["statement/problem.zh.md"]
	order, err := caseOrder(files, sec)
	if err != nil {
		return Package{}, err
	}
	if len(order) > judge.MaxCases {
		return Package{}, refuse("data", "%d cases, more than %d", len(order), judge.MaxCases)
	}
	names := map[string]string{}
	for _, c := range sec.Cases {
		names[c.File] = c.Name
	}
	programs, err := programsOf(files)
	if err != nil {
		return Package{}, err
	}
	pkg := Package{Problem: p, Programs: programs}
	for _, tc := range order {
		file := "data/" + tc.name + ".in"
		input, err := pz.ParseCase(files[file])
		if err == nil {
			err = pz.CheckLimits(input, p.Limits)
		}
		if err != nil {
			return Package{}, refuse(file, "%s", judge.ErrorMessage(err))
		}
		name, ok := names[tc.name]
		if !ok {
			name = path.Base(tc.name)
		}
		pkg.Cases = append(pkg.Cases, judge.CaseSpec{Name: name, Input: input, Sample: tc.sample})
		pkg.Answers = append(pkg.Answers, files["data/"+tc.name+".ans"])
	}
	return pkg, nil
}

// programsOf returns the files of submissions/, sorted by folder and name:
// each one file in a folder of judge.ProgramFolders, of at most
// judge.MaxProgramBytes of UTF-8 text, and at most judge.MaxProgramFiles.
func programsOf(files map[string]string) ([]judge.ProgramFile, error) {
	var out []judge.ProgramFile
	for name, text := range files {
		rest, ok := strings.CutPrefix(name, "submissions/")
		if !ok {
			continue
		}
		folder, file, ok := strings.Cut(rest, "/")
		switch {
		case !ok || strings.Contains(file, "/"):
			return nil, refuse(name, "a program is one file in submissions/<verdict>/ (folders of several files are not read)")
		case !judge.IsProgramFolder(folder):
			return nil, refuse(name, "submissions/%s is not one of the folders %s", folder, strings.Join(judge.ProgramFolders, ", "))
		case len(file) > 128:
			return nil, refuse(name, "the file name has more than 128 bytes")
		case len(text) > judge.MaxProgramBytes:
			return nil, refuse(name, "%d bytes, more than %d", len(text), judge.MaxProgramBytes)
		case !utf8.ValidString(text):
			return nil, refuse(name, "not UTF-8 text")
		}
		out = append(out, judge.ProgramFile{Folder: folder, Name: file, Source: text})
	}
	if len(out) > judge.MaxProgramFiles {
		return nil, refuse("submissions", "%d programs, more than %d", len(out), judge.MaxProgramFiles)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Folder != out[j].Folder {
			return out[i].Folder < out[j].Folder
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// caseOrder returns the test cases: in the order of the puzzlejudge
// section when it lists them, else the samples then the secret cases, each
// in lexicographic order, as Kattis runs them.
func caseOrder(files map[string]string, sec *section) ([]testCase, error) {
	var all []testCase
	have := map[string]bool{}
	for f := range files {
		rest, ok := strings.CutPrefix(f, "data/")
		if !ok || !strings.HasSuffix(rest, ".in") {
			continue
		}
		name := strings.TrimSuffix(rest, ".in")
		switch {
		case strings.HasPrefix(name, "sample/"):
			all = append(all, testCase{name: name, sample: true})
		case strings.HasPrefix(name, "secret/"):
			all = append(all, testCase{name: name})
		default:
			continue // invalid_input and the like are for validators
		}
		have[name] = true
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].sample != all[j].sample {
			return all[i].sample
		}
		return all[i].name < all[j].name
	})
	if len(sec.Cases) == 0 {
		return all, nil
	}
	if len(sec.Cases) != len(all) {
		return nil, refuse("problem.yaml", "puzzlejudge.cases lists %s, data/ holds %d", judge.Plural(len(sec.Cases), "case"), len(all))
	}
	out := make([]testCase, 0, len(all))
	seen := map[string]bool{}
	for i, c := range sec.Cases {
		if !have[c.File] || seen[c.File] {
			return nil, refuse("problem.yaml", "puzzlejudge.cases[%d]: %q is not a test case of data/ (or is listed twice)", i, c.File)
		}
		seen[c.File] = true
		out = append(out, testCase{name: c.File, sample: strings.HasPrefix(c.File, "sample/")})
	}
	return out, nil
}

// lineOf returns the line of the value at path in a YAML text (1 when it
// cannot be found).
func lineOf(raw string, path ...string) int {
	var doc yaml.Node
	if yaml.Unmarshal([]byte(raw), &doc) != nil || len(doc.Content) == 0 {
		return 1
	}
	n := doc.Content[0]
	for _, key := range path {
		if n.Kind != yaml.MappingNode {
			return 1
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				next = n.Content[i+1]
			}
		}
		if next == nil {
			return max(n.Line, 1)
		}
		n = next
	}
	return n.Line
}

// nameZHOf returns the Chinese entry of a name given per language (zh,
// zh-CN or zh-Hans), "" for a plain string or a map without one.
func nameZHOf(v any) string {
	n, _ := v.(map[string]any)
	for _, k := range []string{"zh", "zh-CN", "zh-Hans"} {
		if s, ok := n[k].(string); ok {
			return s
		}
	}
	return ""
}

// nameOf returns the problem's name: a string, or the English entry of a
// map of languages (else the first language in order).
func nameOf(v any) (string, error) {
	switch n := v.(type) {
	case string:
		return n, nil
	case map[string]any:
		if en, ok := n["en"].(string); ok {
			return en, nil
		}
		for _, k := range slices.Sorted(maps.Keys(n)) {
			if s, ok := n[k].(string); ok {
				return s, nil
			}
		}
	}
	return "", refuse("problem.yaml", "name: expected the problem's name")
}
