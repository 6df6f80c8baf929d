"""`decide_turn`: the whole product decision for one chat turn. Pure; refusals are values.

Order (vocabulary.md): the extraction's values checked at the door (door.py) → with an active
task: supplement, correction, confirmation, cancellation or a new topic → without one: a
correction of a recent record → a new record or a query → general chat → the member's rights
checked on what the decision does (guard.py).
"""
from __future__ import annotations

from dataclasses import replace

from domain.decide.admission import decide_admission
from domain.decide.answers import answers_task
from domain.decide.corrections import change_by_reference, correct_recent_record, propose_update, reopen_update
from domain.decide.create import advance_create, execute_confirmed, named_baby
from domain.decide.door import at_the_door
from domain.decide.guard import guarded
from domain.decide.invites import decide_invite, join_here
from domain.decide.like_last import with_the_last_values
from domain.decide.new_record import baby_id_of, new_record
from domain.decide.press import decide_press
from domain.decide.profile import decide_profile
from domain.decide.profile_questions import with_profile_question
from domain.decide.reminders import decide_reminder, with_reminder
from domain.decide.roles import decide_role_change, decide_role_press, with_newcomer_prompt
from domain.decide.set_aside import one_active_task, with_expiry_notice
from domain.decide.settings import decide_settings
from domain.decide.several import decide_several
from domain.decide.sleep_events import still_asleep, with_baby
from domain.decide.twin_answers import answer_twin, asks_same_or_another
from domain.decide.undo import undo
from domain.decide.units_guess import with_units_guess
from domain.extraction import Intent, SleepEvent
from domain.permissions import Permission, may
from domain.queries.answer import answer_query
from domain.tasks import PendingTask, transition
from domain.turn import Button, Decision, Reply, SaveTask, Turn, WriteRecord
from domain.vocabulary import ChatKind, RecordType, ReplyKind, TaskAction, TaskState

TASK_ANSWERS = {Intent.CONFIRM, Intent.CANCEL}


def decide_turn(turn: Turn) -> Decision:
    """Values are checked at the door first; rights are checked last, on the effects."""
    checked = at_the_door(turn)
    if isinstance(checked, Decision):
        return with_newcomer_prompt(turn, checked)
    checked = with_the_last_values(checked)        # 跟上次一样: the last record's values, read back
    decided = guarded(checked, one_active_task(checked, with_reminder(checked, _decide(checked))))
    decided = with_expiry_notice(checked, decided)
    return with_newcomer_prompt(checked, with_profile_question(checked, with_units_guess(checked, decided)))


def _decide(turn: Turn) -> Decision:
    if turn.press is not None:
        by_action = {"role": decide_role_press, "admit": decide_admission}
        return by_action.get(turn.press.action, decide_press)(turn)
    if turn.photo_file is not None:
        return _photo(turn)
    if turn.edit_target is not None and turn.extraction.slots.given():
        return propose_update(turn, turn.edit_target, turn.extraction.slots.given())
    if turn.active_task is not None:
        decided = _with_task(turn, turn.active_task)
        if decided is not None:
            return decided
    return _without_task(turn)


def _with_task(turn: Turn, task: PendingTask) -> Decision | None:
    e = turn.extraction
    if task.action is TaskAction.PROFILE_UPDATE and e.intent in TASK_ANSWERS and \
            not may(turn.member.role, Permission.EDIT_PROFILE):
        return Decision(Reply(ReplyKind.REFUSED, "profile_parent_only"), note="no right: profile")
    if asks_same_or_another(task) and (e.intent is Intent.CONFIRM or e.intent is Intent.CORRECT
                                         and not e.slots.given()):
        return answer_twin(turn, task, same=e.intent is Intent.CONFIRM)    # 是（同一次） / 不是
    if task.action is TaskAction.PROFILE_UPDATE and task.state is TaskState.PENDING and \
            e.intent is Intent.PROFILE and e.profile is not None and e.profile.given():
        return decide_profile(turn, asking=task)              # 性别还没填 → 男孩: the answer to what was asked
    if e.intent is Intent.CONFIRM:
        if task.state is TaskState.AWAITING_CONFIRMATION:
            return execute_confirmed(turn, task)
        return _ask_again(turn, task)
    if e.intent is Intent.CANCEL:
        return _cancel(turn, task)
    if task.baby_id is None and named_baby(turn) is not None:
        return with_baby(turn, task, named_baby(turn)) or \
            advance_create(turn, replace(task, baby_id=named_baby(turn)), e.slots.given())
    if e.intent is Intent.DELETE or e.reference is not None or e.also:
        return None             # several facts at once are a new topic, not a supply
    if e.sleep_event is SleepEvent.STILL_ASLEEP:
        return still_asleep(turn, task)
    if task.action not in (TaskAction.CREATE, TaskAction.UPDATE):
        return None             # a delete or a profile change takes no values: anything else is a new topic
    same_topic = e.record_type is None or e.record_type == task.record_type
    if same_topic and e.intent in (Intent.SUPPLY, Intent.CORRECT, Intent.RECORD) and answers_task(turn, task):
        return _supply(turn, task)
    return None


def _supply(turn: Turn, task: PendingTask) -> Decision:
    slots = turn.extraction.slots.given()
    if not slots:
        return _ask_again(turn, task)
    if task.action is TaskAction.UPDATE:
        return reopen_update(turn, task, slots)
    return advance_create(turn, task, slots)


def _ask_again(turn: Turn, task: PendingTask) -> Decision:
    if task.action is TaskAction.CREATE and task.state is TaskState.PENDING:
        return advance_create(turn, task, {}, from_message=False)
    return Decision(Reply(ReplyKind.ASK, "still_waiting", {"type": task.record_type}), note="ask again")


def _cancel(turn: Turn, task: PendingTask) -> Decision:
    cancelled = transition(task, TaskState.CANCELLED, turn.now, last_supplied_by=turn.member.id)
    return Decision(Reply(ReplyKind.CANCELLED, "cancelled", {"type": task.record_type}),
                    (SaveTask(cancelled),), note="cancel")


def _without_task(turn: Turn) -> Decision:
    e = turn.extraction
    if e.intent in TASK_ANSWERS:
        return _answer_without_task(turn)
    if e.intent is Intent.UNDO:
        return undo(turn, turn.undo_target)
    if e.intent is Intent.DELETE or e.intent is Intent.CORRECT and e.reference is not None:
        return change_by_reference(turn)
    if e.intent is Intent.CORRECT:
        return correct_recent_record(turn)
    if e.intent is Intent.PROFILE:
        return decide_profile(turn)
    if e.intent is Intent.ROLE and e.role_change is not None:
        return decide_role_change(turn)
    if e.intent is Intent.SETTINGS:
        return decide_settings(turn)
    if e.intent is Intent.INVITE:
        return decide_invite(turn)
    if e.intent is Intent.JOIN:
        return join_here(turn)
    if e.intent is Intent.EXPORT:
        if not may(turn.member.role, Permission.MANAGE):
            return Decision(Reply(ReplyKind.REFUSED, "export_parent_only"), note="no right: export")
        return Decision(Reply(ReplyKind.ANSWER, "export_elsewhere"), note="export: where to get it")
    if e.intent is Intent.START:
        return Decision(Reply(ReplyKind.CHAT, "welcome", {"new": turn.first_words, "ask": sorted(turn.asks),
                                                           "private": turn.chat_kind is ChatKind.PRIVATE}),
                        note="welcome")
    if e.intent is Intent.REMIND:
        return decide_reminder(turn)
    if e.intent is Intent.PAGE:
        return Decision(Reply(ReplyKind.ANSWER, "page_link"), note="page link")
    if e.intent is Intent.QUERY and e.query:
        return Decision(answer_query(e.query, turn), note="query")
    if e.also or e.every_baby and len(turn.babies) > 1:
        return decide_several(turn)              # several facts in one message (several.py)
    if e.record_type is not None and (e.slots.given() or e.sleep_event or e.intent is Intent.RECORD):
        return new_record(turn)
    return _chat(turn)


def _answer_without_task(turn: Turn) -> Decision:
    last = turn.last_task
    if last is not None and last.state is TaskState.EXPIRED:
        return Decision(Reply(ReplyKind.EXPIRED, "expired", {"type": last.record_type}), note="expired")
    if turn.chat_kind is ChatKind.GROUP and not turn.addressed:
        return Decision(None, note="nothing to confirm; chatter")
    return Decision(Reply(ReplyKind.ANSWER, "nothing_to_confirm"), note="nothing to confirm")


def _photo(turn: Turn) -> Decision:
    """A picture becomes a photo record at once (low risk), with its caption; undo is offered."""
    fields = {"time": turn.now, "file": turn.photo_file}
    caption = turn.extraction.slots.caption or turn.caption_text
    if caption:
        fields["caption"] = caption
    baby = baby_id_of(turn) or turn.babies[0].id
    reply = Reply(ReplyKind.RECORDED, "recorded", {"type": RecordType.PHOTO, "fields": fields}, (Button("undo"),))
    return Decision(reply, (WriteRecord(RecordType.PHOTO, baby, fields),), note="photo")


def _chat(turn: Turn) -> Decision:
    """Chatter in a group is left alone; addressed (or in private) the bot says briefly that it did not
    understand, with one example close to what was said — the help menu only when it was asked for.
    (With an LLM configured the shell may let the companion answer a CHAT reply instead.)"""
    if turn.chat_kind is ChatKind.GROUP and not turn.addressed:
        return Decision(None, note="chatter")
    if turn.extraction.asks_for_help:
        return Decision(Reply(ReplyKind.CHAT, "help"), note="help")
    return Decision(Reply(ReplyKind.CHAT, "not_understood", {"near": turn.extraction.near}), note="chat")

