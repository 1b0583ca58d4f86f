package judge

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// MessageID names a message the judge gives students (Result.MessageID):
// the pages say it in the reader's language as the catalogue's
// judge_<id>, the API keeps its English text.
type MessageID string

// Msg is a message of the judge: an id and its named arguments. A value
// is text, or a message of its own (a reason inside "move 7 (...): ...").
type Msg struct {
	ID   MessageID
	Args []MsgArg
}

// MsgArg is one argument of a Msg: Sub when it is a message, else Value.
type MsgArg struct {
	Name  string
	Value string
	Sub   *Msg
}

// M returns the message id with arguments given as pairs of a name and a
// value: a Msg is kept as a message, anything else is written as fmt
// prints it.
func M(id MessageID, pairs ...any) Msg {
	m := Msg{ID: id, Args: make([]MsgArg, 0, len(pairs)/2)}
	for i := 0; i+1 < len(pairs); i += 2 {
		name, _ := pairs[i].(string)
		switch v := pairs[i+1].(type) {
		case Msg:
			m.Args = append(m.Args, MsgArg{Name: name, Sub: &v})
		case *Msg:
			m.Args = append(m.Args, MsgArg{Name: name, Sub: v})
		default:
			m.Args = append(m.Args, MsgArg{Name: name, Value: fmt.Sprint(v)})
		}
	}
	return m
}

// Text is the message in English, as the API gives it: its id's text of
// Messages with the arguments put in. An id without a text, or a message
// without an argument its text names, gives "".
func (m Msg) Text() string {
	t, ok := englishTemplates()[m.ID]
	if !ok {
		return ""
	}
	tmpl := t.other
	if t.one != nil {
		for _, a := range m.Args {
			if a.Name == "Count" && a.Sub == nil && a.Value == "1" {
				tmpl = t.one
			}
		}
	}
	var sb strings.Builder
	sb.WriteString(tmpl.parts[0])
	for i, name := range tmpl.names {
		v, ok := m.arg(name)
		if !ok {
			return ""
		}
		sb.WriteString(v)
		sb.WriteString(tmpl.parts[i+1])
	}
	return sb.String()
}

// arg is the text of the argument name, a message said in English.
func (m Msg) arg(name string) (string, bool) {
	for _, a := range m.Args {
		if a.Name != name {
			continue
		}
		if a.Sub != nil {
			s := a.Sub.Text()
			return s, s != ""
		}
		return a.Value, true
	}
	return "", false
}

// argsJSON encodes the arguments as Result.MessageArgs: a JSON object
// whose values are strings, or {"id": ..., "args": {...}} for a message.
func (m Msg) argsJSON() map[string]any {
	out := make(map[string]any, len(m.Args))
	for _, a := range m.Args {
		if a.Sub != nil {
			out[a.Name] = map[string]any{"id": string(a.Sub.ID), "args": a.Sub.argsJSON()}
			continue
		}
		out[a.Name] = a.Value
	}
	return out
}

// ArgsJSON is the arguments as Result.MessageArgs stores them ("" for
// none).
func (m Msg) ArgsJSON() string {
	if len(m.Args) == 0 {
		return ""
	}
	b, err := json.Marshal(m.argsJSON()) // sorts the keys
	if err != nil {
		return ""
	}
	return string(b)
}

// ParseMsg reads a message back from its id and stored arguments
// (ArgsJSON); ok is false when the arguments do not decode or name an id
// of no message.
func ParseMsg(id, args string) (Msg, bool) {
	m := Msg{ID: MessageID(id)}
	if _, known := englishTemplates()[m.ID]; !known {
		return Msg{}, false
	}
	if args == "" {
		return m, true
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal([]byte(args), &raw) != nil {
		return Msg{}, false
	}
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, name := range names {
		var s string
		if json.Unmarshal(raw[name], &s) == nil {
			m.Args = append(m.Args, MsgArg{Name: name, Value: s})
			continue
		}
		var sub struct {
			ID   string          `json:"id"`
			Args json.RawMessage `json:"args"`
		}
		if json.Unmarshal(raw[name], &sub) != nil {
			return Msg{}, false
		}
		subArgs := ""
		if len(sub.Args) > 0 && string(sub.Args) != "{}" && string(sub.Args) != "null" {
			subArgs = string(sub.Args)
		}
		s2, ok := ParseMsg(sub.ID, subArgs)
		if !ok {
			return Msg{}, false
		}
		m.Args = append(m.Args, MsgArg{Name: name, Sub: &s2})
	}
	return m, true
}

// With returns r saying m: its English Message, MessageID and MessageArgs.
func (r Result) With(m Msg) Result {
	r.Message, r.MessageID, r.MessageArgs = m.Text(), string(m.ID), m.ArgsJSON()
	return r
}

// With returns r saying m, as Result.With does.
func (r CaseResult) With(m Msg) CaseResult {
	r.Message, r.MessageID, r.MessageArgs = m.Text(), string(m.ID), m.ArgsJSON()
	return r
}

// With returns s saying m: its English Message and the message itself.
func (s Step) With(m Msg) Step {
	s.Message, s.Msg = m.Text(), m
	return s
}

// MessageText is the English text of a message id: a text/template over
// the message's arguments ({{.Count}}), Other its form for every count,
// One for a Count of 1 when the message has a Count.
type MessageText struct {
	ID         MessageID
	One, Other string
}

// Messages returns every message id of the judge with its English text,
// sorted by id: the pages' English catalogue holds exactly these (as
// judge_<id>), and their other catalogues translate each.
func Messages() []MessageText {
	out := make([]MessageText, 0, len(messageTexts))
	for id, t := range messageTexts {
		out = append(out, MessageText{ID: id, One: t[0], Other: t[1]})
	}
	slices.SortFunc(out, func(a, b MessageText) int { return strings.Compare(string(a.ID), string(b.ID)) })
	return out
}

// KnownMessage reports whether id is one of Messages.
func KnownMessage(id string) bool {
	_, ok := messageTexts[MessageID(id)]
	return ok
}

// englishTemplate is a message's English text cut at its arguments:
// parts[0], the value of names[0], parts[1], and so on.
type englishTemplate struct{ one, other *cutText }

type cutText struct {
	parts []string
	names []string
}

// argument is the one action a message's text may hold, {{.Name}}: the
// catalogues' templates (go-i18n's, text/template) read the same.
var argument = regexp.MustCompile(`\{\{\s*\.([A-Za-z][A-Za-z0-9_]*)\s*\}\}`)

// cut reads a message's text; ok is false when it holds anything but
// text and {{.Name}} arguments.
func cut(text string) (*cutText, bool) {
	c := &cutText{}
	last := 0
	for _, loc := range argument.FindAllStringSubmatchIndex(text, -1) {
		c.parts = append(c.parts, text[last:loc[0]])
		c.names = append(c.names, text[loc[2]:loc[3]])
		last = loc[1]
	}
	c.parts = append(c.parts, text[last:])
	for _, p := range c.parts {
		if strings.Contains(p, "{{") || strings.Contains(p, "}}") {
			return nil, false
		}
	}
	return c, true
}

// englishTemplates cuts messageTexts once; a text that does not cut is a
// bug TestEveryMessageParses finds, and reads as "".
var englishTemplates = sync.OnceValue(func() map[MessageID]englishTemplate {
	out := make(map[MessageID]englishTemplate, len(messageTexts))
	for id, t := range messageTexts {
		var e englishTemplate
		var ok bool
		if e.other, ok = cut(t[1]); !ok {
			continue
		}
		if t[0] != "" {
			if e.one, ok = cut(t[0]); !ok {
				continue
			}
		}
		out[id] = e
	}
	return out
})

// Args encodes a message's arguments given as pairs of a name and a value
// (Result.MessageArgs) as Msg.ArgsJSON writes them; it stays for callers
// written before Msg (other branches may hold some).
func Args(pairs ...any) string { return M(Msg{}.ID, pairs...).ArgsJSON() }
