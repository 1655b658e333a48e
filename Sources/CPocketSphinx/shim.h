// PocketSphinx 0.8+5prealpha (Debian bookworm) as a Swift module.
// Include paths come from pkg-config (pocketsphinx, sphinxbase).
#ifndef BIBLE_COURSE_CPOCKETSPHINX_H
#define BIBLE_COURSE_CPOCKETSPHINX_H
#include <pocketsphinx.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/ngram_model.h>
// mallopt: the decoder's large search structures go back to the system when freed.
#include <malloc.h>
#endif
