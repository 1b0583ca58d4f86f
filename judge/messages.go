package judge

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"text/template"
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
// Messages with the arguments put in. An id without a text gives "".
func (m Msg) Text() string {
	t, ok := englishTemplates()[m.ID]
	if !ok {
		return ""
	}
	data := make(map[string]string, len(m.Args))
	count := ""
	for _, a := range m.Args {
		data[a.Name] = a.Value
		if a.Sub != nil {
			data[a.Name] = a.Sub.Text()
		}
		if a.Name == "Count" {
			count = a.Value
		}
	}
	tmpl := t.other
	if count == "1" && t.one != nil {
		tmpl = t.one
	}
	var sb strings.Builder
	if tmpl.Execute(&sb, data) != nil {
		return ""
	}
	return sb.String()
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

type englishTemplate struct{ one, other *template.Template }

// englishTemplates parses messageTexts once; a text that does not parse
// is a bug the messages test finds, and reads as "".
var englishTemplates = sync.OnceValue(func() map[MessageID]englishTemplate {
	out := make(map[MessageID]englishTemplate, len(messageTexts))
	for id, t := range messageTexts {
		var e englishTemplate
		var err error
		if e.other, err = template.New(string(id)).Option("missingkey=error").Parse(t[1]); err != nil {
			continue
		}
		if t[0] != "" {
			if e.one, err = template.New(string(id)).Option("missingkey=error").Parse(t[0]); err != nil {
				continue
			}
		}
		out[id] = e
	}
	return out
})
