// libedit through its readline interface, wrapped in small C helpers: Swift 6 may not touch C
// global variables (rl_line_buffer, rl_attempted_completion_function, ...) and cannot call C
// variadic functions, so everything the REPL needs is a plain function here.
#ifndef DEEPLINK_CLIBEDIT_SHIM_H
#define DEEPLINK_CLIBEDIT_SHIM_H

#include <dirent.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <editline/readline.h>

enum { DL_COMMANDS = 0, DL_INTENTS = 1, DL_DIALECTS = 2, DL_URLS = 3, DL_LISTS = 4 };

// State lives in function-local statics: Swift's importer emits functions from a header, not
// file-scope variables.
typedef struct {
  char **lists[DL_LISTS];
  int counts[DL_LISTS];
  int current;
  int next;
  // libedit may cut a URL into several words (at ':' or '/'): candidates are matched against
  // the whole space-separated word and returned without its first `skip` bytes.
  char word[1024];
  int skip;
} dl_state_t;

static inline dl_state_t *dl_state(void) {
  static dl_state_t state;
  return &state;
}

static inline volatile sig_atomic_t *dl_interrupt_flag(void) {
  static volatile sig_atomic_t flag;
  return &flag;
}

/// Replaces one completion list (the strings are copied).
static inline void dl_set_list(int which, const char *const *items, int count) {
  if (which < 0 || which >= DL_LISTS) return;
  dl_state_t *state = dl_state();
  for (int i = 0; i < state->counts[which]; i++) free(state->lists[which][i]);
  free(state->lists[which]);
  state->lists[which] = count > 0 ? (char **)calloc((size_t)count, sizeof(char *)) : NULL;
  state->counts[which] = state->lists[which] ? count : 0;
  for (int i = 0; i < state->counts[which]; i++) state->lists[which][i] = strdup(items[i]);
}

static inline char *dl_generate(const char *text, int state) {
  dl_state_t *shared = dl_state();
  if (state == 0) shared->next = 0;
  const char *prefix = shared->skip >= 0 ? shared->word : text;
  size_t length = strlen(prefix);
  while (shared->next < shared->counts[shared->current]) {
    const char *candidate = shared->lists[shared->current][shared->next++];
    if (strncmp(candidate, prefix, length) != 0) continue;
    if (shared->skip < 0) return strdup(candidate);
    if ((size_t)shared->skip <= strlen(candidate)) return strdup(candidate + shared->skip);
  }
  return NULL;
}

/// File names for `:load`: the entries of the word's directory that start with its last
/// part, a directory's with a `/` after it (so Tab goes on down the path). A directory
/// written `~/...` is read under $HOME, as `:load` reads it, and stays written so.
static inline char *dl_generate_file(const char *text, int state) {
  static DIR *directory;
  static char folder[1024];
  static char opened[2048];
  static const char *base;
  if (state == 0) {
    if (directory != NULL) closedir(directory);
    directory = NULL;
    const char *slash = strrchr(text, '/');
    size_t length = slash ? (size_t)(slash - text) + 1 : 0;
    if (length >= sizeof folder) return NULL;
    memcpy(folder, text, length);
    folder[length] = 0;
    base = text + length;
    const char *home = getenv("HOME");
    if (folder[0] == '~' && folder[1] == '/' && home != NULL) {
      snprintf(opened, sizeof opened, "%s%s", home, folder + 1);
    } else {
      snprintf(opened, sizeof opened, "%s", folder);
    }
    directory = opendir(length > 0 ? opened : ".");
  }
  if (directory == NULL) return NULL;
  size_t prefix = strlen(base);
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    const char *name = entry->d_name;
    if (strncmp(name, base, prefix) != 0) continue;
    if (name[0] == '.' && (prefix == 0 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)) {
      continue;
    }
    size_t size = strlen(folder) + strlen(name) + 2;
    char *match = (char *)malloc(size);
    if (match == NULL) return NULL;
    snprintf(match, size, "%s%s", folder, name);
    char real[3072];
    snprintf(real, sizeof real, "%s%s", opened, name);
    struct stat info;
    if (stat(real, &info) == 0 && S_ISDIR(info.st_mode)) strcat(match, "/");
    return match;
  }
  closedir(directory);
  directory = NULL;
  return NULL;
}

/// Remembers the whole space-separated word that ends at `end` and how much of it lies
/// before `start` (what libedit will not replace).
static inline void dl_capture_word(const char *line, int start, int end) {
  dl_state_t *state = dl_state();
  state->skip = -1;
  if (line == NULL || end < start) return;
  int word_start = start;
  while (word_start > 0 && line[word_start - 1] != ' ' && line[word_start - 1] != '\t') word_start--;
  int length = end - word_start;
  if (length < 0 || length >= (int)sizeof state->word) return;
  memcpy(state->word, line + word_start, (size_t)length);
  state->word[length] = 0;
  state->skip = start - word_start;
}

static inline int dl_starts_with(const char *line, const char *prefix) {
  return line != NULL && strncmp(line, prefix, strlen(prefix)) == 0;
}

/// Chooses the list by what is before the word: commands first, files after `:load`, intents
/// after `:url`, dialects after `:add`/`:dialect`, URL beginnings for a bare line and after
/// `:explain`.
static inline char **dl_attempt_completion(const char *text, int start, int end) {
  const char *line = rl_line_buffer;
  dl_capture_word(line, start, end);
  if (start == 0) {
    dl_state()->current = (text[0] == ':') ? DL_COMMANDS : DL_URLS;
  } else if (dl_starts_with(line, ":load ")) {
    // File names, a directory's ending in `/`; no space after one, so Tab goes on.
    rl_attempted_completion_over = 1;
    rl_completion_append_character = '\0';
    return rl_completion_matches(text, dl_generate_file);
  } else if (dl_starts_with(line, ":url ")) {
    dl_state()->current = DL_INTENTS;
  } else if (dl_starts_with(line, ":explain ")) {
    dl_state()->current = DL_URLS;
  } else if (dl_starts_with(line, ":add ") || dl_starts_with(line, ":dialect ")) {
    dl_state()->current = DL_DIALECTS;
  } else {
    rl_attempted_completion_over = 1;
    return NULL;
  }
  rl_attempted_completion_over = 1;
  // A URL beginning is rarely the whole URL: no space after it.
  rl_completion_append_character = dl_state()->current == DL_URLS ? '\0' : ' ';
  return rl_completion_matches(text, dl_generate);
}

static inline void dl_on_sigint(int signal_number) {
  (void)signal_number;
  *dl_interrupt_flag() = 1;
}

/// Installs completion and makes Ctrl-C cancel the line instead of ending the program.
static inline void dl_install(void) {
  // libedit reads multibyte characters by the locale's encoding: without one set (the "C"
  // locale a program starts in) a typed `é` is dropped. The user's locale, else UTF-8.
  setlocale(LC_CTYPE, "");
  const char *codeset = nl_langinfo(CODESET);
  if (codeset == NULL || (strcmp(codeset, "UTF-8") != 0 && strcmp(codeset, "utf8") != 0)) {
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL && setlocale(LC_CTYPE, "en_US.UTF-8") == NULL) {
      setlocale(LC_CTYPE, "UTF-8");
    }
  }
  rl_readline_name = "deeplink";
  rl_attempted_completion_function = dl_attempt_completion;
  // A URL is one word: do not break at ':', '/', '?', '=' or '&'.
  static char word_breaks[] = " \t\n\"'";
  rl_completer_word_break_characters = word_breaks;
  rl_basic_word_break_characters = word_breaks;
  rl_catch_signals = 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = dl_on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: the read is interrupted and readline returns
  sigaction(SIGINT, &action, NULL);
}

/// Whether Ctrl-C was pressed since the last call.
static inline int dl_take_interrupt(void) {
  int value = *dl_interrupt_flag();
  *dl_interrupt_flag() = 0;
  return value;
}

/// One line, or NULL at end of input or after Ctrl-C. Free the result with `free`.
static inline char *dl_readline(const char *prompt) { return readline(prompt); }

static inline void dl_add_history(const char *line) { add_history(line); }
static inline int dl_read_history(const char *path) { return read_history(path); }
static inline int dl_write_history(const char *path) {
  int result = write_history(path);
  history_truncate_file(path, 1000);
  return result;
}

#endif
