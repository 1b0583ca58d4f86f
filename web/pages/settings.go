package pages

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// settingsView is the form of a user's own page settings.
type settingsView struct {
	Language, TimeZone string
	// Zones are offered in the zone field; any IANA name is taken.
	Zones []string
	Error string
}

// commonZones are the suggestions of the time zone field.
var commonZones = []string{"UTC", "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Taipei", "Asia/Singapore", "Asia/Tokyo",
	"Europe/London", "Europe/Berlin", "America/New_York", "America/Chicago", "America/Los_Angeles", "Australia/Sydney"}

func (p *Pages) settingsPage(c *gin.Context) {
	u, ok := p.needUser(c)
	if !ok {
		return
	}
	p.render(c, http.StatusOK, "settings", p.tr(c, "settings_title"), settingsView{Language: u.Language, TimeZone: u.TimeZone, Zones: commonZones})
}

// saveSettings stores the language and the time zone of the form, then
// shows the settings again, in the language just chosen.
func (p *Pages) saveSettings(c *gin.Context) {
	u, ok := p.needUser(c)
	if !ok {
		return
	}
	lang, zone := c.PostForm("language"), c.PostForm("time_zone")
	changed, err := p.Service.SetPreferences(c.Request.Context(), u, judge.Preferences{Language: &lang, TimeZone: &zone})
	if err != nil {
		if st, ok := p.formError(c, err); ok {
			p.render(c, st, "settings", p.tr(c, "settings_title"), settingsView{Language: lang, TimeZone: zone, Zones: commonZones, Error: p.errorText(c, err)})
		}
		return
	}
	if changed.Language != "" {
		p.setCookie(c, langCookie, changed.Language, 365*24*time.Hour)
	} else {
		p.setCookie(c, langCookie, "", -1) // the browser's again
	}
	l := newLocale(p.chooseLanguage(c, changed), nil)
	p.redirect(c, "/me/settings", l.text("settings_saved"))
}
