package pages

import (
	"errors"

	"github.com/gin-gonic/gin"
	"github.com/nicksnyder/go-i18n/v2/i18n"

	"puzzlejudge/judge"
)

// The domain's errors reach a page in the reader's language: an error
// made by judge.Errort carries a message id, the catalogue's err_<id>
// (locales/errors.*.toml), whose English is the error's Message word for
// word (errors_test.go). An error made by judge.Errorm says a message of
// the judge (an engine's parse error), rendered as the judge's results
// are (judgeMsg). An error without an id, or with an id that the
// catalogues lack, shows its English Message.

// errorText is err as the reader reads it: the catalogue's message for a
// judge.Error with an id, else judge.ErrorMessage (the neutral "internal
// error" for what is not the user's business).
func (l *locale) errorText(err error) string {
	var e *judge.Error
	if errors.As(err, &e) && e.ID == "" && e.Msg.ID != "" && e.Msg.Text() == e.Message {
		return l.judgeMsg(e.Msg) // an engine's error (judge.Errorm)
	}
	if e == nil || e.ID == "" {
		return judge.ErrorMessage(err)
	}
	cfg := &i18n.LocalizeConfig{MessageID: "err_" + e.ID}
	data := make(map[string]any, len(e.Args))
	for name, v := range e.Args {
		switch a := v.(type) {
		case error:
			v = l.errorText(a)
		case judge.Msg:
			v = l.judgeMsg(a)
		case judge.At:
			v = l.When(a.Time)
		}
		data[name] = v
		if name == "Count" {
			cfg.PluralCount = v
		}
	}
	cfg.TemplateData = data
	s, lerr := l.loc.Localize(cfg)
	if lerr != nil {
		return e.Message
	}
	return s
}

// errorText is err in the request's language (locale.errorText).
func (p *Pages) errorText(c *gin.Context, err error) string {
	return p.localeOf(c).errorText(err)
}
