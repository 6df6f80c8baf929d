"""Pure rules of one family reached from several chats: where pushes go, what a family code does."""
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from domain.chats import ChatView, parents_elsewhere, push_preference, push_targets
from domain.decide.decide_turn import decide_turn
from domain.decide.invites import (
    CODE_ALPHABET,
    CODE_LENGTH,
    INVITE_LIFETIME,
    WRONG_CODES_PER_WINDOW,
    InviteView,
    JoinOutcome,
    codes_refused_unchecked,
    join_outcome,
    join_window,
    normal_code,
)
from domain.extraction import Extraction, Intent
from domain.replies.render import render
from domain.turn import (
    AdmitJoin,
    BabyView,
    CreateInvite,
    DeclineJoin,
    JoinRequestView,
    MemberView,
    Press,
    RevokeInvites,
    Turn,
)
from domain.vocabulary import ChatKind, Language, ReplyKind, Role

NOW = datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
GROUP = ChatView(1, "telegram", "-4001", "group")
MOM_DM = ChatView(1, "wechat", "wx-mom", "private", member_id=1)
NANNY_DM = ChatView(1, "wechat", "wx-nanny", "private", member_id=2)
FRIEND_DM = ChatView(1, "wechat", "wx-friend", "private", member_id=3)
ROLES = {1: Role.PARENT, 2: Role.CAREGIVER, 3: Role.FRIEND}


def turn(intent: Intent, role: Role = Role.PARENT, **extraction) -> Turn:
    return Turn(member=MemberView(1, role, "妈妈", "妈妈"), extraction=Extraction(intent=intent, **extraction),
                now=NOW, babies=(BabyView(1, "小满"),), fresh_code="K7Q2MX")


def test_pushes_go_to_the_group_when_the_family_has_one():
    assert push_targets([GROUP, MOM_DM, NANNY_DM], ROLES) == [GROUP]


def test_without_a_group_pushes_go_to_each_parents_and_caregivers_private_chat_never_a_friends():
    assert push_targets([MOM_DM, NANNY_DM, FRIEND_DM], ROLES) == [MOM_DM, NANNY_DM]


def test_a_family_that_prefers_private_chats_gets_its_pushes_there_even_with_a_group():
    prefer = push_preference({"push_to": "private"})
    assert push_targets([GROUP, MOM_DM, FRIEND_DM], ROLES, prefer) == [MOM_DM]


def test_a_platform_that_stopped_is_reported_to_the_groups_and_parents_chats_on_other_platforms():
    dad_dm = ChatView(1, "wecom", "dad.li", "private", member_id=4)
    nanny_wecom = ChatView(1, "wecom", "nanny", "private", member_id=2)
    roles = {**ROLES, 4: Role.PARENT}
    chats = [GROUP, MOM_DM, NANNY_DM, dad_dm, nanny_wecom]
    assert parents_elsewhere(chats, roles, "wechat") == [GROUP, dad_dm]


def test_a_family_on_one_platform_alone_has_nowhere_else_to_be_told():
    assert parents_elsewhere([MOM_DM, NANNY_DM], ROLES, "wechat") == []


def test_a_start_in_a_one_to_one_chat_is_greeted_as_a_chat_and_in_a_group_as_a_group():
    private = decide_turn(replace(turn(Intent.START), chat_kind=ChatKind.PRIVATE, first_words=True)).reply
    group = decide_turn(replace(turn(Intent.START), chat_kind=ChatKind.GROUP, first_words=True)).reply
    assert "这个聊天" in render(private, Language.ZH, NOW) and "这个群" not in render(private, Language.ZH, NOW)
    assert "这个群" in render(group, Language.ZH, NOW)


def test_a_parent_gets_a_code_that_expires_after_its_lifetime():
    decision = decide_turn(turn(Intent.INVITE, invite="create"))
    assert decision.reply.kind is ReplyKind.ANSWER and decision.reply.values["code"] == "K7Q2MX"
    assert decision.effects == (CreateInvite("K7Q2MX", INVITE_LIFETIME),)


def test_a_caregiver_may_not_hand_out_or_revoke_codes():
    for action in ("create", "revoke"):
        decision = decide_turn(turn(Intent.INVITE, Role.CAREGIVER, invite=action))
        assert decision.reply.kind is ReplyKind.REFUSED and decision.effects == ()


def test_revoking_stops_every_open_code():
    assert decide_turn(turn(Intent.INVITE, invite="revoke")).effects == (RevokeInvites(),)


def test_a_code_links_a_chat_only_while_it_is_open():
    open_code = InviteView(1, NOW + timedelta(hours=1))
    assert join_outcome(open_code, NOW) is JoinOutcome.JOINED
    assert join_outcome(InviteView(1, NOW - timedelta(seconds=1)), NOW) is JoinOutcome.EXPIRED
    assert join_outcome(InviteView(1, NOW + timedelta(hours=1), revoked_at=NOW), NOW) is JoinOutcome.REVOKED
    assert join_outcome(None, NOW) is JoinOutcome.UNKNOWN


def test_a_code_is_read_whatever_its_case_and_dashes():
    assert normal_code(" k7q-2mx ") == "K7Q2MX"


def test_a_join_in_a_chat_that_has_a_family_already_changes_nothing():
    decision = decide_turn(turn(Intent.JOIN, join_code="K7Q2MX"))
    assert decision.reply.key == "join_chat_taken" and decision.effects == ()


def test_a_code_is_eight_characters_of_an_alphabet_without_look_alikes():
    assert CODE_LENGTH == 8 and len(set(CODE_ALPHABET)) == 32 and not set("0O1I") & set(CODE_ALPHABET)


def test_wrong_codes_are_counted_in_the_hour_they_were_sent_in():
    assert join_window(datetime(2026, 5, 4, 12, 59, 59, tzinfo=UTC)) == datetime(2026, 5, 4, 12, tzinfo=UTC)
    assert join_window(datetime(2026, 5, 4, 21, 0, tzinfo=ZoneInfo("Asia/Shanghai"))) == \
        datetime(2026, 5, 4, 13, tzinfo=UTC)


def test_after_a_few_wrong_codes_every_code_is_refused_unchecked():
    assert not codes_refused_unchecked(WRONG_CODES_PER_WINDOW - 1)
    assert codes_refused_unchecked(WRONG_CODES_PER_WINDOW) and WRONG_CODES_PER_WINDOW <= 10


def admission(role: Role, answer: str, waiting: bool = True) -> Turn:
    return Turn(member=MemberView(1, role, "妈妈", "妈妈"), extraction=Extraction(intent=Intent.CHAT), now=NOW,
                babies=(BabyView(1, "小满"),), press=Press("admit", join_id=7, value=answer),
                join_request=JoinRequestView(7, "阿姨") if waiting else None)


def test_a_parent_lets_a_waiting_chat_in_with_the_role_chosen():
    decision = decide_turn(admission(Role.PARENT, "caregiver"))
    assert decision.reply.kind is ReplyKind.UPDATED and decision.effects == (AdmitJoin(7, Role.CAREGIVER),)


def test_a_parent_may_decline_a_waiting_chat():
    decision = decide_turn(admission(Role.PARENT, "no"))
    assert decision.reply.kind is ReplyKind.UPDATED and decision.effects == (DeclineJoin(7),)


def test_only_a_parent_answers_a_join_request():
    for role in (Role.CAREGIVER, Role.FRIEND):
        decision = decide_turn(admission(role, "parent"))
        assert decision.reply.kind is ReplyKind.REFUSED and decision.effects == ()


def test_a_request_already_answered_is_a_stale_button():
    decision = decide_turn(admission(Role.PARENT, "friend", waiting=False))
    assert decision.reply.key == "stale_button" and decision.press_rejected and decision.effects == ()


def test_someone_the_family_knows_keeps_their_role_whichever_button_lets_their_chat_in():
    known = replace(admission(Role.PARENT, "friend"), join_request=JoinRequestView(7, "妈妈", Role.PARENT))
    assert decide_turn(known).effects == (AdmitJoin(7, Role.PARENT),)
