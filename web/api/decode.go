package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// readJSON reads the request body into v; when it cannot, it writes the
// error and reports false.
func (s *API) readJSON(c *gin.Context, v any) bool {
	if err := decodeJSON(c, v); err != nil {
		s.writeError(c, err)
		return false
	}
	return true
}

// decodeJSON reads the request body into v. Malformed JSON is EINVALID (400)
// with the position of the problem; a body over the limit keeps its
// *http.MaxBytesError so that writeError answers 413.
func decodeJSON(c *gin.Context, v any) error {
	dec := json.NewDecoder(c.Request.Body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &mbe):
			return err
		case errors.Is(err, io.EOF):
			return judge.Errorf(judge.EINVALID, "the request body must be a JSON object")
		case errors.As(err, &syn):
			return judge.Errorf(judge.EINVALID, "malformed JSON at byte %d: %s", syn.Offset, syn.Error())
		case errors.As(err, &typ):
			if typ.Field != "" {
				return judge.Errorf(judge.EINVALID, "field %q must be a JSON %s, not %s", typ.Field, jsonKind(typ.Type), typ.Value)
			}
			return judge.Errorf(judge.EINVALID, "the request body must be a JSON object, not %s", typ.Value)
		default:
			return judge.Errorf(judge.EINVALID, "malformed JSON: %s", err.Error())
		}
	}
	// Only white space may follow the object: `{"moves":"1"} {"moves":"2"}`
	// or a stray byte means the client sent something else than it thinks.
	// The rest is read whole first, so that an oversized body is reported
	// as such (413) even when its first value is well formed.
	rest, err := io.ReadAll(io.MultiReader(dec.Buffered(), c.Request.Body))
	if err != nil {
		return err
	}
	if tail := bytes.TrimLeft(rest, " \t\r\n"); len(tail) > 0 {
		at := dec.InputOffset() + int64(len(rest)-len(tail))
		return judge.Errorf(judge.EINVALID, "unexpected data after the JSON object at byte %d: the body must be one JSON object", at)
	}
	return nil
}

// pathID parses the :name path parameter as the positive id of a what;
// anything else is a 404, since no resource has that id. On a 404 it
// writes the error and reports false.
func (s *API) pathID(c *gin.Context, name, what string) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(c, judge.Errorf(judge.ENOTFOUND, "%s %q not found", what, c.Param(name)))
		return 0, false
	}
	return id, true
}

// pathIDAndJSON is pathID, then readJSON of the body into req: ok is
// false once either has answered the request's error.
func (s *API) pathIDAndJSON(c *gin.Context, name, what string, req any) (int64, bool) {
	id, ok := s.pathID(c, name, what)
	return id, ok && s.readJSON(c, req)
}

// pathIDs is pathID of two path parameters (a thing within another: a
// contest's clarification, a report's pair).
func (s *API) pathIDs(c *gin.Context, name, what, name2, what2 string) (id, id2 int64, ok bool) {
	if id, ok = s.pathID(c, name, what); ok {
		id2, ok = s.pathID(c, name2, what2)
	}
	return id, id2, ok
}

// queryInt parses an optional non-negative integer query parameter.
func queryInt(c *gin.Context, name string, def, max int) (int, error) {
	s := c.Query(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, judge.Errorf(judge.EINVALID, "query parameter %s must be a non-negative integer, found %q", name, s)
	}
	if max > 0 && n > max {
		return 0, judge.Errorf(judge.EINVALID, "query parameter %s must be at most %d", name, max)
	}
	return n, nil
}

// jsonKind names the JSON type that decodes into t, for error messages.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "integer" // an id or a count: 1.5 is a number too, and refused
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer of 0 or more" // a seed: -5 is an integer too
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	default:
		return "object"
	}
}

// readByID calls read for the caller and the :id of the path, the id of a
// what (pathID): a contest, a board, a submission. On an error it writes
// it and reports false.
func readByID[T any](s *API, c *gin.Context, what string, read func(context.Context, judge.User, int64) (T, error)) (T, int64, bool) {
	id, ok := s.pathID(c, "id", what)
	if !ok {
		var zero T
		return zero, 0, false
	}
	out, err := read(c.Request.Context(), httpx.Viewer(c), id)
	if err != nil {
		s.writeError(c, err)
		return out, 0, false
	}
	return out, id, true
}

// answerByID answers 200 with what read gives the caller for the :id of
// the path (readByID), through toJSON.
func answerByID[T, J any](s *API, c *gin.Context, what string, read func(context.Context, judge.User, int64) (T, error), toJSON func(T) J) {
	if x, _, ok := readByID(s, c, what, read); ok {
		c.JSON(http.StatusOK, toJSON(x))
	}
}

// answerOne answers a request about one numbered thing of a problem
// (:slug, then :id read as pathID does for what): the service's answer
// through toJSON with status, or its error.
func answerOne[T, J any](s *API, c *gin.Context, what string, status int,
	get func(ctx context.Context, v judge.User, slug string, id int64) (T, error), toJSON func(T) J) {
	id, ok := s.pathID(c, "id", what)
	if !ok {
		return
	}
	x, err := get(c.Request.Context(), httpx.Viewer(c), c.Param("slug"), id)
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(status, toJSON(x))
}

// mapped returns f of each of xs, in order: a request's list as the
// service's specs, the service's values as JSON. It is never nil.
func mapped[S, D any](xs []S, f func(S) D) []D {
	out := make([]D, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// answerList answers a request for a list the service gives the viewer:
// each item through toJSON, as a JSON array (empty, never null), or the
// service's error.
func answerList[T, J any](s *API, c *gin.Context, list func(ctx context.Context, v judge.User) ([]T, error), toJSON func(T) J) {
	xs, err := list(c.Request.Context(), httpx.Viewer(c))
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, mapped(xs, toJSON))
}

// answer answers what toJSON makes with status when the service did what
// was asked (err nil), else its error. toJSON runs only on success: it
// reads the service's answer, which an error leaves empty.
func (s *API) answer(c *gin.Context, status int, err error, toJSON func() any) {
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(status, toJSON())
}

// located answers status (201 Created, 202 Accepted) with what toJSON
// makes and the Location of what the service made, path under /api/v1,
// when it made it (err nil); else its error.
func (s *API) located(c *gin.Context, status int, err error, path func() string, toJSON func() any) {
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.Header("Location", "/api/v1/"+path())
	c.JSON(status, toJSON())
}

// noContent answers 204 when the service did what was asked (err nil),
// else its error.
func (s *API) noContent(c *gin.Context, err error) {
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
