package contestpkg

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	goccy "github.com/goccy/go-yaml"
	goccyparser "github.com/goccy/go-yaml/parser"
	"gopkg.in/yaml.v3"
)

// ID is an identifier of the Contest API: a string, though many a
// hand-written package writes a number (team_id: 45), which is taken as
// its decimal text.
type ID string

// UnmarshalJSON takes a string or a number.
func (id *ID) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*id = ID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("an id must be a string or a number")
	}
	*id = ID(n.String())
	return nil
}

// UnmarshalYAML takes any scalar.
func (id *ID) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &yaml.TypeError{Errors: []string{"line " + strconv.Itoa(n.Line) + ", column " + strconv.Itoa(n.Column) + ": an id must be a string or a number"}}
	}
	*id = ID(n.Value)
	return nil
}

// decodeJSON decodes one JSON file into v: a syntax or type error names
// the file, its line and column.
func decodeJSON(name string, data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	err := d.Decode(v)
	if err == nil {
		if _, extra := d.Token(); extra == nil {
			return at(name, data, d.InputOffset(), "more than one JSON value in the file")
		}
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	// Both offsets are of the byte after the fault: the column names the
	// offending character (of a value of the wrong type, its last).
	case errors.As(err, &syn):
		return at(name, data, syn.Offset-1, "JSON syntax: %s", syn.Error())
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "the value"
		}
		return at(name, data, typ.Offset-1, "%s: want %s, found JSON %s", field, typ.Type.String(), typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return at(name, data, int64(len(data)), "JSON syntax: the file ends early")
	}
	return at(name, data, d.InputOffset(), "%v", err)
}

// at is an error at the byte offset of data.
func at(name string, data []byte, offset int64, format string, args ...any) *Error {
	e := refuse(name, format, args...)
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	if offset < 0 {
		offset = 0
	}
	before := data[:offset]
	e.Line = bytes.Count(before, []byte{'\n'}) + 1
	e.Column = int(offset) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return e
}

var yamlLine = regexp.MustCompile(`line (\d+)(?:, column (\d+))?: `)

// decodeYAML decodes one YAML file into v: an error names the file, the
// line and the column of the first fault. gopkg.in/yaml.v3 decodes; it
// names only a line (and not always the right one) for a syntax error,
// and only a line for a value of the wrong type, so the node tree gives
// the column of the value at fault, and github.com/goccy/go-yaml's parser,
// which names both, places a syntax error.
func decodeYAML(name string, data []byte, v any) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return yamlSyntaxError(name, data, err)
	}
	if len(doc.Content) == 0 {
		return nil // an empty file: nothing, as yaml.Unmarshal reads it
	}
	err := doc.Decode(v)
	if err == nil {
		return nil
	}
	msg := err.Error()
	var typ *yaml.TypeError
	if errors.As(err, &typ) && len(typ.Errors) > 0 {
		msg = typ.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	e := refuse(name, "YAML: %s", msg)
	if m := yamlLine.FindStringSubmatchIndex(msg); m != nil {
		e.Line, _ = strconv.Atoi(msg[m[2]:m[3]])
		if m[4] >= 0 {
			e.Column, _ = strconv.Atoi(msg[m[4]:m[5]])
		} else {
			e.Column = yamlColumn(&doc, e.Line, msg[m[1]:])
		}
		e.Msg = "YAML: " + msg[m[1]:]
	}
	return e
}

// yamlQuoted is the value a yaml.v3 type error quotes: `abc` (its first
// seven characters and "..." when longer), or a key "x".
var yamlQuoted = regexp.MustCompile("`([^`]*)`|\"([^\"]*)\"")

// yamlColumn returns the column of the node on line a type error msg
// names: the one whose value the message quotes, else the first value on
// the line, else the first node on it; 1 when there is none.
func yamlColumn(doc *yaml.Node, line int, msg string) int {
	want := ""
	if m := yamlQuoted.FindStringSubmatch(msg); m != nil {
		want = strings.TrimSuffix(m[1]+m[2], "...")
	}
	var quoted, value, first *yaml.Node
	var walk func(n *yaml.Node, isKey bool)
	walk = func(n *yaml.Node, isKey bool) {
		if n.Line == line {
			if first == nil {
				first = n
			}
			if value == nil && !isKey {
				value = n
			}
			if quoted == nil && want != "" && strings.HasPrefix(n.Value, want) {
				quoted = n
			}
		}
		for i, c := range n.Content {
			walk(c, n.Kind == yaml.MappingNode && i%2 == 0)
		}
	}
	walk(doc, false)
	for _, n := range []*yaml.Node{quoted, value, first} {
		if n != nil {
			return n.Column
		}
	}
	return 1
}

// yamlSyntaxError is a YAML file that does not parse: where goccy's parser
// places the fault, with its message, when it fails too; else yaml.v3's
// message, at the first character of the line it names. goccy's parser
// takes time quadratic in the nesting (BenchmarkYAMLSyntaxPlace),
// so it reads only the file up to the line after yaml.v3's (which is at or
// after the fault), and not at all past goccyMax bytes: a longer file's
// fault is placed at the first character of yaml.v3's line.
func yamlSyntaxError(name string, data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatchIndex(msg); m != nil {
		line, _ = strconv.Atoi(msg[m[2]:m[3]])
		msg = msg[m[1]:]
	}
	prefix := data
	if line > 0 {
		prefix = linesUpTo(data, line+1)
	}
	if len(prefix) <= goccyMax {
		if l, c, gmsg, ok := goccyFault(prefix); ok {
			e := refuse(name, "YAML: %s", gmsg)
			e.Line, e.Column = l, c
			return e
		}
	}
	e := refuse(name, "YAML: %s", msg)
	e.Line, e.Column = max(line, 1), 1
	if lines := bytes.Split(data, []byte{'\n'}); e.Line <= len(lines) {
		l := lines[e.Line-1]
		e.Column = len(l) - len(bytes.TrimLeft(l, " \t")) + 1
	}
	return e
}

// goccyMax bounds the YAML text goccy's parser reads to place a fault.
const goccyMax = 8 << 10

// linesUpTo returns data's first n lines (all of it when it has fewer).
func linesUpTo(data []byte, n int) []byte {
	end := 0
	for i := 0; i < n; i++ {
		j := bytes.IndexByte(data[end:], '\n')
		if j < 0 {
			return data
		}
		end += j + 1
	}
	return data[:end]
}

// goccyFault parses data with goccy's parser and returns where it fails
// and why; ok false when it parses (or fails without a place).
func goccyFault(data []byte) (line, col int, msg string, ok bool) {
	defer func() {
		if recover() != nil { // a locator only: its fault is not the file's
			ok = false
		}
	}()
	_, err := goccyparser.ParseBytes(data, 0)
	var ge goccy.Error
	if !errors.As(err, &ge) || ge.GetToken() == nil || ge.GetToken().Position == nil {
		return 0, 0, "", false
	}
	pos := ge.GetToken().Position
	return pos.Line, pos.Column, ge.GetMessage(), pos.Line > 0 && pos.Column > 0
}

// decodeFile decodes base.json, or base.yaml when yamlToo and there is no
// JSON file, into v. It returns the file read, "" when the package has
// neither.
func (a *archive) decodeFile(base string, yamlToo bool, v any) (string, error) {
	if name := base + ".json"; a.has(name) {
		data, err := a.read(name, MaxJSON)
		if err != nil {
			return name, err
		}
		return name, decodeJSON(name, data, v)
	}
	for _, name := range []string{base + ".yaml", base + ".yml"} {
		if yamlToo && a.has(name) {
			data, err := a.read(name, MaxYAML)
			if err != nil {
				return name, err
			}
			return name, decodeYAML(name, data, v)
		}
	}
	return "", nil
}
