package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
)

var (
	docsOnce sync.Once
	docsHTML []byte
	docsErr  error
)

// docsPage renders the document once; it never changes while the server runs.
func docsPage() ([]byte, error) {
	docsOnce.Do(func() { docsHTML, docsErr = renderDocs(openAPIDocument) })
	return docsHTML, docsErr
}

// The parts of an OpenAPI document that the page shows. The server reads
// the document with encoding/json alone: the validator (kin-openapi) is a
// test dependency, not a part of the server.
type (
	oaDocument struct {
		Info struct {
			Title       string `json:"title"`
			Version     string `json:"version"`
			Summary     string `json:"summary"`
			Description string `json:"description"`
		} `json:"info"`
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Tags []struct {
			Name string `json:"name"`
		} `json:"tags"`
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas    map[string]*oaSchema    `json:"schemas"`
			Parameters map[string]*oaParameter `json:"parameters"`
			Responses  map[string]*oaResponse  `json:"responses"`
		} `json:"components"`
	}
	oaOperation struct {
		OperationID string           `json:"operationId"`
		Summary     string           `json:"summary"`
		Description string           `json:"description"`
		Tags        []string         `json:"tags"`
		Security    []map[string]any `json:"security"`
		Parameters  []*oaParameter   `json:"parameters"`
		RequestBody *struct {
			Content map[string]struct {
				Schema *oaSchema `json:"schema"`
			} `json:"content"`
		} `json:"requestBody"`
		Responses map[string]*oaResponse `json:"responses"`
	}
	oaParameter struct {
		Ref         string    `json:"$ref"`
		Name        string    `json:"name"`
		In          string    `json:"in"`
		Description string    `json:"description"`
		Required    bool      `json:"required"`
		Schema      *oaSchema `json:"schema"`
	}
	oaResponse struct {
		Ref         string `json:"$ref"`
		Description string `json:"description"`
		Content     map[string]struct {
			Schema *oaSchema `json:"schema"`
		} `json:"content"`
	}
	oaSchema struct {
		Ref         string               `json:"$ref"`
		Type        any                  `json:"type"`
		Format      string               `json:"format"`
		Description string               `json:"description"`
		Enum        []any                `json:"enum"`
		Const       any                  `json:"const"`
		Items       *oaSchema            `json:"items"`
		Properties  map[string]*oaSchema `json:"properties"`
		Required    []string             `json:"required"`
		OneOf       []*oaSchema          `json:"oneOf"`
		AnyOf       []*oaSchema          `json:"anyOf"`
	}
)

// Views of the page.
type (
	docsView struct {
		Title, Version, Summary, Description, Base string
		Operations                                 []opView
		Schemas                                    []schemaView
	}
	opView struct {
		Method, Path, Anchor, Summary, Description, Auth, Tag string
		Params                                                []paramView
		Body                                                  template.HTML
		Responses                                             []respView
	}
	paramView struct{ Name, In, Type, Description string }
	respView  struct {
		Status, Description, ContentType string
		Schema                           template.HTML
	}
	schemaView struct {
		Name, Description, Type string
		Fields                  []fieldView
	}
	fieldView struct {
		Name, Description string
		Type              template.HTML
		Required          bool
	}
)

var methodOrder = map[string]int{"get": 0, "post": 1, "put": 2, "patch": 3, "delete": 4}

func renderDocs(raw []byte) ([]byte, error) {
	var doc oaDocument
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("openapi.json: %w", err)
	}
	v := docsView{Title: doc.Info.Title, Version: doc.Info.Version, Summary: doc.Info.Summary, Description: doc.Info.Description}
	if len(doc.Servers) > 0 {
		v.Base = doc.Servers[0].URL
	}
	for _, p := range slices.Sorted(maps.Keys(doc.Paths)) {
		item := doc.Paths[p]
		var shared []*oaParameter
		if rawParams, ok := item["parameters"]; ok {
			if err := json.Unmarshal(rawParams, &shared); err != nil {
				return nil, fmt.Errorf("openapi.json: %s parameters: %w", p, err)
			}
		}
		methods := make([]string, 0, len(item))
		for m := range item {
			if _, ok := methodOrder[m]; ok {
				methods = append(methods, m)
			}
		}
		sort.Slice(methods, func(i, j int) bool { return methodOrder[methods[i]] < methodOrder[methods[j]] })
		for _, m := range methods {
			var op oaOperation
			if err := json.Unmarshal(item[m], &op); err != nil {
				return nil, fmt.Errorf("openapi.json: %s %s: %w", m, p, err)
			}
			v.Operations = append(v.Operations, doc.opView(strings.ToUpper(m), p, op, shared))
		}
	}
	// Operations by tag, in the document's order of tags, so that the page
	// reads by subject (accounts, problems, ...) rather than alphabetically.
	tagOrder := map[string]int{}
	for i, tag := range doc.Tags {
		tagOrder[tag.Name] = i + 1
	}
	sort.SliceStable(v.Operations, func(i, j int) bool {
		return tagOrder[v.Operations[i].Tag] < tagOrder[v.Operations[j].Tag]
	})
	for _, n := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
		s := doc.Components.Schemas[n]
		sv := schemaView{Name: n, Description: s.Description, Type: plainType(s)}
		for _, p := range slices.Sorted(maps.Keys(s.Properties)) {
			ps := s.Properties[p]
			sv.Fields = append(sv.Fields, fieldView{Name: p, Description: ps.Description, Type: typeHTML(ps), Required: contains(s.Required, p)})
		}
		v.Schemas = append(v.Schemas, sv)
	}
	var buf bytes.Buffer
	if err := docsTemplate.Execute(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (doc *oaDocument) opView(method, path string, op oaOperation, shared []*oaParameter) opView {
	ov := opView{Method: method, Path: path, Anchor: op.OperationID, Summary: op.Summary, Description: op.Description, Auth: "a token"}
	if len(op.Tags) > 0 {
		ov.Tag = op.Tags[0]
	}
	if op.Security != nil {
		ov.Auth = "none"
		for _, req := range op.Security {
			if len(req) > 0 {
				ov.Auth = "a token"
				if len(op.Security) > 1 {
					ov.Auth = "optional token"
				}
			}
		}
	}
	for _, p := range append(shared, op.Parameters...) {
		if p.Ref != "" {
			p = doc.Components.Parameters[refName(p.Ref)]
		}
		if p == nil {
			continue
		}
		ov.Params = append(ov.Params, paramView{Name: p.Name, In: p.In, Type: plainType(p.Schema), Description: p.Description})
	}
	if op.RequestBody != nil {
		for ct, c := range op.RequestBody.Content {
			ov.Body = template.HTML(template.HTMLEscapeString(ct)+" ") + typeHTML(c.Schema)
		}
	}
	for _, st := range slices.Sorted(maps.Keys(op.Responses)) {
		r := op.Responses[st]
		if r.Ref != "" {
			r = doc.Components.Responses[refName(r.Ref)]
		}
		if r == nil {
			continue
		}
		rv := respView{Status: st, Description: r.Description}
		for ct, c := range r.Content {
			rv.ContentType, rv.Schema = ct, typeHTML(c.Schema)
		}
		ov.Responses = append(ov.Responses, rv)
	}
	return ov
}

func refName(ref string) string { return ref[strings.LastIndex(ref, "/")+1:] }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// typeHTML writes a schema's type in one line, with references as links
// to the schema's section: "array of <a>Submission</a>".
func typeHTML(s *oaSchema) template.HTML {
	if s == nil {
		return ""
	}
	if s.Ref != "" {
		n := template.HTMLEscapeString(refName(s.Ref))
		return template.HTML(`<a href="#schema-` + n + `">` + n + `</a>`)
	}
	alts := s.OneOf
	if len(alts) == 0 {
		alts = s.AnyOf
	}
	if len(alts) > 0 {
		parts := make([]string, 0, len(alts))
		for _, a := range alts {
			parts = append(parts, string(typeHTML(a)))
		}
		return template.HTML(strings.Join(parts, " or "))
	}
	if s.Items != nil {
		return "array of " + typeHTML(s.Items)
	}
	return template.HTML(template.HTMLEscapeString(plainType(s)))
}

// plainType is a schema's type without links: "integer (int64)", "one of
// "a", "b"", "string or null".
func plainType(s *oaSchema) string {
	if s == nil {
		return ""
	}
	if s.Const != nil {
		return fmt.Sprintf("%q", s.Const)
	}
	if len(s.Enum) > 0 {
		vals := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			vals[i] = fmt.Sprintf("%q", e)
		}
		return "one of " + strings.Join(vals, ", ")
	}
	var t string
	switch tt := s.Type.(type) {
	case string:
		t = tt
	case []any:
		parts := make([]string, len(tt))
		for i, x := range tt {
			parts[i] = fmt.Sprint(x)
		}
		t = strings.Join(parts, " or ")
	}
	if s.Format != "" {
		t += " (" + s.Format + ")"
	}
	return t
}

var docsTemplate = template.Must(template.New("docs").Funcs(template.FuncMap{
	"lower": strings.ToLower,
	// code turns `x` into <code>x</code>, as the document's Markdown has it.
	"code": func(s string) template.HTML {
		parts := strings.Split(template.HTMLEscapeString(s), "`")
		var b strings.Builder
		for i, p := range parts {
			if i%2 == 1 && i < len(parts)-1 {
				b.WriteString("<code>" + p + "</code>")
			} else {
				if i%2 == 1 {
					b.WriteString("`")
				}
				b.WriteString(p)
			}
		}
		return template.HTML(b.String())
	},
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
code, .path { font-family: ui-monospace, monospace; font-size: 0.92em; }
h2 { border-bottom: 1px solid #ccc; margin-top: 2.5rem; }
.op { border: 1px solid #ddd; border-radius: 6px; padding: 0.5rem 1rem; margin: 1rem 0; }
.op h3 { margin: 0.3rem 0; font-size: 1.05rem; }
.method { display: inline-block; min-width: 4.2rem; font-weight: bold; }
.get { color: #1a6; } .post { color: #25c; } .delete { color: #c33; } .put, .patch { color: #a60; }
table { border-collapse: collapse; margin: 0.3rem 0; }
td, th { text-align: left; vertical-align: top; padding: 0.15rem 0.8rem 0.15rem 0; }
th { font-weight: 600; color: #555; }
.muted { color: #666; }
nav ul { columns: 2; }
</style>
</head>
<body>
<h1>{{.Title}} <span class="muted">v{{.Version}}</span></h1>
<p>{{.Summary}}</p>
<p>{{code .Description}}</p>
<p>Every path below is under <code>{{.Base}}</code>. The document itself: <a href="{{.Base}}/openapi.json"><code>{{.Base}}/openapi.json</code></a> (OpenAPI 3.1).</p>
<nav><ul>
{{range .Operations}}<li><a href="#{{.Anchor}}"><span class="method {{lower .Method}}">{{.Method}}</span> <span class="path">{{.Path}}</span></a></li>
{{end}}</ul></nav>
<h2>Routes</h2>
{{range .Operations}}<div class="op" id="{{.Anchor}}">
<h3><span class="method {{lower .Method}}">{{.Method}}</span> <span class="path">{{.Path}}</span></h3>
<p>{{code .Summary}} <span class="muted">(auth: {{.Auth}})</span></p>
{{with .Description}}<p>{{code .}}</p>{{end}}
{{with .Params}}<table><tr><th>parameter</th><th>in</th><th>type</th><th></th></tr>
{{range .}}<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{.Type}}</td><td>{{code .Description}}</td></tr>
{{end}}</table>{{end}}
{{with .Body}}<p>Body: {{.}}</p>{{end}}
<table><tr><th>status</th><th>answer</th><th></th></tr>
{{range .Responses}}<tr><td>{{.Status}}</td><td>{{with .ContentType}}<code>{{.}}</code> {{end}}{{.Schema}}</td><td>{{code .Description}}</td></tr>
{{end}}</table>
</div>
{{end}}
<h2>Schemas</h2>
{{range .Schemas}}<div class="op" id="schema-{{.Name}}">
<h3>{{.Name}} {{with .Type}}<span class="muted">{{.}}</span>{{end}}</h3>
{{with .Description}}<p>{{code .}}</p>{{end}}
{{with .Fields}}<table><tr><th>field</th><th>type</th><th></th></tr>
{{range .}}<tr><td><code>{{.Name}}</code>{{if not .Required}} <span class="muted">(optional)</span>{{end}}</td><td>{{.Type}}</td><td>{{code .Description}}</td></tr>
{{end}}</table>{{end}}
</div>
{{end}}
</body>
</html>
`))
