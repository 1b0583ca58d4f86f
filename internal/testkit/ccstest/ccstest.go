// Package ccstest checks answers of the ICPC Contest API (/api/ccs) against
// the JSON schemas of the specification's current release, the contract the
// ICPC tools read. The schemas in testdata/json-schema are copied unchanged
// from github.com/icpc/ccs-specs, branch 2026-01 at commit
// 3a1fff37071cc750eb90b15e059cab342d0e9ef7 (release 2026-01 with its
// {memory,output,code}_limit fix), together with the check script
// (testdata/check-api.sh) whose two modes this package reproduces: Strict, the
// script's default, forbids properties the schemas do not define (it adds
// "additionalProperties": false where the schemas carry the anchor comment),
// and Extra, the script's -p, allows them. The validator is
// santhosh-tekuri/jsonschema (draft 2020-12). It is test support: the server
// does not import it.
package ccstest

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed testdata/json-schema/*.json
var schemaFiles embed.FS

// Release is the Contest API version the schemas describe.
const Release = "2026-01"

// base is the $id prefix the schema files declare; their references
// ("common.json#/abstime") resolve against it.
const base = "https://github.com/icpc/ccs-specs/raw/master/json-schema/"

// strictAnchor is the comment check-api.sh replaces by
// "additionalProperties": false unless run with -p.
const strictAnchor = "ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES"

// Mode says whether properties beyond the schemas are allowed.
type Mode int

const (
	// Strict is check-api.sh without -p: no property the schemas do not define.
	Strict Mode = iota
	// Extra is check-api.sh -p: additional properties are allowed.
	Extra
)

// Validator validates documents against the compiled schemas of one Mode.
type Validator struct {
	mode    Mode
	mu      sync.Mutex
	schemas map[string]*jsonschema.Schema
	comp    *jsonschema.Compiler
}

// New loads every schema file of the release, in mode.
func New(mode Mode) (*Validator, error) {
	comp := jsonschema.NewCompiler()
	entries, err := fs.ReadDir(schemaFiles, "testdata/json-schema")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := schemaFiles.ReadFile(path.Join("testdata/json-schema", e.Name()))
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		if mode == Strict {
			doc = strict(doc)
		}
		if err := comp.AddResource(base+e.Name(), doc); err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
	}
	return &Validator{mode: mode, comp: comp, schemas: map[string]*jsonschema.Schema{}}, nil
}

// strict adds "additionalProperties": false to every object that carries the
// anchor comment, as check-api.sh's sed does to the files.
func strict(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			x[k] = strict(c)
		}
		if x["$comment"] == strictAnchor {
			x["additionalProperties"] = false
		}
	case []any:
		for i, c := range x {
			x[i] = strict(c)
		}
	}
	return v
}

// Validate checks one JSON document against the named schema file, e.g.
// "scoreboard" for json-schema/scoreboard.json.
func (v *Validator) Validate(schema string, document []byte) error {
	sch, err := v.schema(schema)
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(document))
	if err != nil {
		return fmt.Errorf("%s: not JSON: %w", schema, err)
	}
	if err := sch.Validate(doc); err != nil {
		return fmt.Errorf("%s: %w\ndocument: %s", schema, err, clip(document))
	}
	return nil
}

// ValidateFeed checks an NDJSON event feed as check-api.sh does: blank lines
// (the keep-alives) are dropped, the rest becomes one JSON array checked
// against event-feed-array.json, and each line alone against event-feed.json
// so that a failure names its line.
func (v *Validator) ValidateFeed(feed []byte) error {
	var lines []json.RawMessage
	sc := bufio.NewScanner(bytes.NewReader(feed))
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := v.Validate("event-feed", line); err != nil {
			return fmt.Errorf("event feed line %d: %w", n, err)
		}
		lines = append(lines, json.RawMessage(bytes.Clone(line)))
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if lines == nil {
		lines = []json.RawMessage{}
	}
	array, err := json.Marshal(lines)
	if err != nil {
		return err
	}
	return v.Validate("event-feed-array", array)
}

func (v *Validator) schema(name string) (*jsonschema.Schema, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if s, ok := v.schemas[name]; ok {
		return s, nil
	}
	s, err := v.comp.Compile(base + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", name, err)
	}
	v.schemas[name] = s
	return s, nil
}

var (
	once     [2]sync.Once
	shared   [2]*Validator
	sharedEr [2]error
)

// For returns the shared validator of mode, loaded once per test binary; it
// stops t when the schemas do not load.
func For(t testing.TB, mode Mode) *Validator {
	t.Helper()
	once[mode].Do(func() { shared[mode], sharedEr[mode] = New(mode) })
	if sharedEr[mode] != nil {
		t.Fatalf("ccstest: %v", sharedEr[mode])
	}
	return shared[mode]
}

// Check validates document against schema in mode and fails t when it does
// not match.
func Check(t testing.TB, mode Mode, schema string, document []byte) {
	t.Helper()
	if err := For(t, mode).Validate(schema, document); err != nil {
		t.Error(err)
	}
}

func clip(b []byte) string {
	s := string(b)
	if len(s) > 2000 {
		s = s[:2000] + "..."
	}
	return strings.TrimSpace(s)
}
