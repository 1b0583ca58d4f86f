package judge

import (
	"errors"
	"fmt"
	"regexp"
	"time"
)

// Error codes of the domain; web/ maps them to HTTP statuses in one table.
const (
	EINVALID      = "invalid"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	EFORBIDDEN    = "forbidden"
	EUNAUTHORIZED = "unauthorized"
	// EUNAVAILABLE is a passing failure of the judge's resources (the
	// storage is full): the request may succeed later, unchanged.
	EUNAVAILABLE = "unavailable"
	EINTERNAL    = "internal"
	// ERATELIMITED: the user is doing too much at once; try again later.
	ERATELIMITED = "rate_limited"
	// EBUSY: the server has no capacity for this now; try again later.
	EBUSY = "busy"
	// EHIDDENBOARD: a /check board that is a hidden case of a problem (up
	// to the puzzle's symmetries); its moves go to the problem instead.
	EHIDDENBOARD = "hidden_board"
	// EREGISTRATIONCODE: the course code needed to register is missing or wrong.
	EREGISTRATIONCODE = "registration_code"
	// ETOOLARGE: what was sent is over a size limit (a request body, a
	// program's source over its problem's limits.code).
	ETOOLARGE = "too_large"
)

// Error is an error a user may see: a code and a plain message. Any other
// error is internal and is shown as "internal error".
//
// An Error made by Errort also carries a message id with its arguments,
// which a face that speaks other languages (the pages) renders from its
// catalogue; Message stays English, the API's contract.
type Error struct {
	Code    string
	Message string
	// ID names the message in the faces' catalogues; "" when there is
	// none (Errorf), and the face shows Message.
	ID string
	// Args are the values of the message's {Name} placeholders: strings,
	// numbers (a Count chooses a plural form), errors (whose own message
	// is put in, translated in turn) or judge messages (a Msg, said from
	// the judge's catalogue).
	Args map[string]any
	// Msg is the judge's message the error says when Errorm made it (an
	// engine's parse error with its line and column): a face renders it
	// from the judge's catalogue (judge_<id>). Its ID is "" otherwise.
	Msg Msg
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an *Error with code and a formatted message.
func Errorf(code string, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// placeholder is a {Name} of Errort's text.
var placeholder = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9]*)\}`)

// Errort returns an *Error whose message a face may render in its
// reader's language. id names the message in the faces' catalogues; text
// is its English, the Message, with {Name} where argument Name goes; args
// are pairs of a name and a value. A value that is an error puts in its
// ErrorMessage. Write a value as the English wants it (strconv.Quote for
// a name in quotes): the catalogues receive the same value.
func Errort(code, id, text string, args ...any) *Error {
	if len(args)%2 != 0 {
		panic(fmt.Sprintf("judge.Errort(%q): %d arguments, want pairs of a name and a value", id, len(args)))
	}
	m := make(map[string]any, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		name, ok := args[i].(string)
		if !ok {
			panic(fmt.Sprintf("judge.Errort(%q): argument %d is not a name", id, i))
		}
		m[name] = args[i+1]
	}
	msg := placeholder.ReplaceAllStringFunc(text, func(ph string) string {
		v, ok := m[ph[1:len(ph)-1]]
		if !ok {
			return ph
		}
		switch a := v.(type) {
		case error:
			return ErrorMessage(a)
		case Msg:
			return a.Text()
		}
		return fmt.Sprint(v)
	})
	return &Error{Code: code, Message: msg, ID: id, Args: m}
}

// Errorm returns an *Error that says the judge's message m: its Message
// is m's English (m.Text(), what the API answers), and a face that speaks
// other languages renders m from the judge's catalogue.
func Errorm(code string, m Msg) *Error {
	return &Error{Code: code, Message: m.Text(), Msg: m}
}

// At is a time given to Errort: the English writes it in UTC with
// Layout, a face in its reader's zone.
type At struct {
	Time   time.Time
	Layout string
}

func (a At) String() string { return a.Time.UTC().Format(a.Layout) }

// ErrorCode returns the code of err: "" for nil, the Code of a *Error found
// with errors.As, EINTERNAL otherwise.
func ErrorCode(err error) string {
	return errorPart(err, func(e *Error) string { return e.Code }, EINTERNAL)
}

// ErrorMessage returns the message of err that a user may read: the Message of
// a *Error, "internal error" otherwise.
func ErrorMessage(err error) string {
	return errorPart(err, func(e *Error) string { return e.Message }, "internal error")
}

// ErrorID returns the catalogue id of err's message: "" for nil, for an
// error that is not a *Error, or for one made by Errorf.
func ErrorID(err error) string {
	return errorPart(err, func(e *Error) string { return e.ID }, "")
}

// errorPart returns part of the *Error in err, or other when err holds
// none; "" for nil.
func errorPart(err error, part func(*Error) string, other string) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return part(e)
	}
	return other
}

// RetryError is an error that a caller may try again after After: a full
// solver pool (EBUSY) or a user's own solve still running (ERATELIMITED).
// It unwraps to its *Error, so ErrorCode and ErrorMessage see through it;
// the HTTP layer turns After into a Retry-After header.
type RetryError struct {
	Err   *Error
	After time.Duration
}

func (e *RetryError) Error() string { return e.Err.Error() }

func (e *RetryError) Unwrap() error { return e.Err }
