package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"puzzlejudge/web/wire"
)

// language is a language of GET /languages.
type language = wire.Language

// answerExtensions are the files that are always answers, never programs.
var answerExtensions = map[string]bool{"": true, ".out": true, ".txt": true, ".ans": true, ".zip": true}

// isProgram reports whether from is a program's source: --lang says so, or
// its extension is one of a language the server offers. Answers (.out,
// directories, zips, standard input) never ask the server.
func (a *app) isProgram(c *client, from, lang string) (bool, error) {
	if lang != "" {
		return true, nil
	}
	ext := strings.ToLower(filepath.Ext(from))
	if from == "-" || answerExtensions[ext] {
		return false, nil
	}
	if info, err := os.Stat(from); err != nil || info.IsDir() {
		return false, nil // sendAnswer says what is wrong with it
	}
	var langs []language
	if _, err := c.getJSON(a.ctx, "/languages", &langs); err != nil {
		return false, err
	}
	for _, l := range langs {
		for _, e := range l.Extensions {
			if strings.EqualFold(e, ext) {
				return true, nil
			}
		}
	}
	return false, nil
}

// sendProgram uploads a program as the form kind=program with its source as
// "file" (the server names the language from the file's extension unless
// lang is given).
func (a *app) sendProgram(c *client, path, from, lang string) (*response, error) {
	data, err := os.ReadFile(from)
	if err != nil {
		return nil, &inputError{err}
	}
	body, contentType, err := multipartSubmission("program", filepath.Base(from), data, a.contest, [2]string{"language", lang})
	if err != nil {
		return nil, err
	}
	return c.do(a.ctx, http.MethodPost, path, body, contentType, nil)
}

func (a *app) languagesCommand() *cobra.Command {
	return command("languages", "List the languages the server compiles programs in", exactArgs(), func(args []string) error {
		return show(a, http.MethodGet, "/languages", nil, func(langs []language) error {
			if len(langs) == 0 {
				fmt.Fprintln(a.stdout, "this server runs no programs (see its /healthz)")
				return nil
			}
			tw := a.table()
			for _, l := range langs {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", l.ID, l.Name, strings.Join(l.Extensions, " "), l.Version)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			// How each is compiled and run, and its rules (issue 34).
			for _, l := range langs {
				fmt.Fprintf(a.stdout, "\n%s\n", l.ID)
				if l.Compile != "" {
					fmt.Fprintf(a.stdout, "  compile: %s\n", l.Compile)
				}
				if l.Run != "" {
					fmt.Fprintf(a.stdout, "  run:     %s\n", l.Run)
				}
				for _, r := range l.Rules {
					fmt.Fprintf(a.stdout, "  - %s\n", r)
				}
			}
			return nil
		})
	})
}
