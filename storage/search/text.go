package search

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// Token is one analysed term with its position in the document.
type Token struct {
	Term string
	Pos  int32
}

// Normalize case-folds a word the way the analyser does, without stemming.
func Normalize(w string) string { return strings.ToLower(w) }

// Stem returns the index term of a case-folded word: the English Snowball
// stem for words of letters, the word itself otherwise (numbers, mixed).
func Stem(w string) string {
	for _, r := range w {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) {
			return w
		}
	}
	return english.Stem(w, true)
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r)
}

// Words splits text into maximal runs of letters, digits and combining
// marks (Unicode-aware) and case-folds them.
func Words(text string) []string {
	var out []string
	start := -1
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, Normalize(text[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, Normalize(text[start:]))
	}
	return out
}

// Analyze tokenises, case-folds and stems text; positions start at base.
func Analyze(text string, base int32) []Token {
	ws := Words(text)
	out := make([]Token, len(ws))
	for i, w := range ws {
		out[i] = Token{Stem(w), base + int32(i)}
	}
	return out
}
