package service

import (
	"context"
	"strconv"
	"strings"

	"puzzlejudge/judge"
)

// SetPreferences changes the viewer's own page language and time zone:
// a language of judge.PageLanguages and an IANA zone name, or "" to
// clear one (the browser's language, the server's zone).
func (s *Service) SetPreferences(ctx context.Context, viewer judge.User, p judge.Preferences) (judge.User, error) {
	if err := judge.Allow(viewer, judge.CanSetPreferences(viewer), ""); err != nil {
		return judge.User{}, err
	}
	lang, zone := viewer.Language, viewer.TimeZone
	if p.Language != nil {
		lang = strings.TrimSpace(*p.Language)
		if !judge.ValidPageLanguage(lang) {
			return judge.User{}, judge.Errort(judge.EINVALID, "preference_language", "language: {Lang} is not one of {Langs} (or empty)", "Lang", strconv.Quote(lang), "Langs", strings.Join(judge.PageLanguages, ", "))
		}
	}
	if p.TimeZone != nil {
		zone = strings.TrimSpace(*p.TimeZone)
		if _, err := judge.LoadTimeZone(zone); err != nil {
			return judge.User{}, err
		}
	}
	return s.store.SetPreferences(ctx, viewer.ID, lang, zone)
}
