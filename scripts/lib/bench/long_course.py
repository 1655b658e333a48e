#!/usr/bin/env python3
"""Writes a long course for scripts/bench-course-check.sh: LESSONS lessons made from the
bundled course's (each copied under a new id, sequence and prerequisite, in turn), as the
course "long-course" of a curriculum folder OUT, with the bundled forbidden phrases.

    python3 -m bench.long_course [--lessons 10000] [--curriculum curriculum] OUT
"""
import argparse, copy, json, os, shutil

from bench import ROOT

BUNDLED = "biblical-foundations-01"
COURSE_ID = "long-course"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lessons", type=int, default=10000, help="how many lessons")
    ap.add_argument("--curriculum", default=os.path.join(ROOT, "curriculum"), help="the curriculum holding the bundled course")
    ap.add_argument("out", help="the curriculum folder written (must not hold the course yet)")
    args = ap.parse_args()
    folder = os.path.join(args.curriculum, "courses", BUNDLED)
    course = json.load(open(os.path.join(folder, "course.json")))
    lessons = [json.load(open(os.path.join(folder, "lessons", f"{lesson}.json"))) for lesson in course["lessons"]]
    out = os.path.join(args.out, "courses", COURSE_ID, "lessons")
    os.makedirs(out)
    ids = []
    for index in range(args.lessons):
        lesson = copy.deepcopy(lessons[index % len(lessons)])
        lesson.update(lesson_id=f"long_{index + 1:05d}", course_id=COURSE_ID, sequence=index + 1,
                      prerequisite=ids[-1] if ids else None)
        ids.append(lesson["lesson_id"])
        with open(os.path.join(out, lesson["lesson_id"] + ".json"), "w") as f:
            json.dump(lesson, f)
    with open(os.path.join(args.out, "courses", COURSE_ID, "course.json"), "w") as f:
        json.dump(dict(course, course_id=COURSE_ID, lessons=ids), f)
    shutil.copy(os.path.join(args.curriculum, "forbidden-phrases.json"), args.out)


if __name__ == "__main__":
    main()
