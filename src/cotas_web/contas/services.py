"""Os atos de quem administra o sistema: criar e desativar usuários, dar e tirar papéis,
designar o RH e o auditor para um certame. Cada um transacional e auditado (`registrar`): os de
usuários e papéis na cadeia sem certame; a designação, na do certame (sob a trava dele)."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import nome_no_registro, registrar

from .models import Designacao, Papel, Perfil, SenhaProvisoria
from .permissoes import ADMIN, AUDITOR, SISTEMA, administra_o_sistema, papel_de

# Os papéis que agem por designação (o membro da comissão age na comissão que integra).
PAPEIS_DESIGNADOS = (ADMIN, AUDITOR)


def _certames() -> Any:
    # (o modelo do app de cima, sem importá-lo: contas fica embaixo das camadas)
    return apps.get_model("certames", "Certame")


def _travar_certame(certame_id: int) -> Any:
    """A trava do certame (a mesma de `certames.services.certame_travar`): a designação entra na
    cadeia dele como qualquer ato. Um certame arquivado ainda se designa (o auditor o lê)."""
    return _certames().objects.select_for_update().get(pk=certame_id)


def _quem(usuario: User) -> str:
    return nome_no_registro(usuario)


def _exigir_administrador(usuario: User | None) -> None:
    """O ato é de quem administra o sistema (None: o comando de terminal, de quem o opera),
    relido do banco: quem foi desativado ou perdeu o papel noutra aba já não age."""
    if usuario is None:
        return
    atual = User.objects.select_related("perfil").filter(pk=usuario.pk).first()
    if atual is None or not administra_o_sistema(atual):
        raise ValidationError("Só quem administra o sistema cria usuários, dá papéis e designa.")


def _administradores_ativos() -> int:
    """Quantos administram o sistema, com as linhas deles travadas até o fim da transação: dois
    administradores que se desativam ao mesmo tempo não deixam o sistema sem nenhum."""
    pks = (
        User.objects.select_for_update(of=("self",))
        .filter(is_active=True)
        .filter(Q(is_superuser=True) | Q(perfil__papel=SISTEMA))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return len(set(pks))


def _esquecer_perfil(alvo: User) -> None:
    """O perfil guardado no objeto (a relação de um para um) é relido na próxima leitura."""
    alvo._state.fields_cache.pop("perfil", None)


def _exigir_outro_administrador(alvo: User, o_que: str) -> None:
    """O sistema nunca fica sem quem o administre (ninguém mais criaria usuários)."""
    if administra_o_sistema(alvo) and _administradores_ativos() <= 1:
        raise ValidationError(
            f"{_quem(alvo)} é o único administrador do sistema ativo: {o_que} deixaria o sistema "
            "sem quem o administre. Dê antes o papel de administrador do sistema a outra pessoa."
        )


def _limpo(texto: str) -> str:
    return " ".join(texto.split())


@transaction.atomic
def usuario_criar(
    *,
    usuario: User | None,
    login: str,
    nome: str,
    email: str,
    senha: str,
    papel: str = "",
) -> User:
    """Cria o usuário (nome, login, e-mail, a senha provisória) e, se pedido, com o papel. Todos
    os erros de uma vez."""
    _exigir_administrador(usuario)
    login, nome, email = login.strip(), _limpo(nome), email.strip()
    erros: list[str] = []
    if not login:
        erros.append("Login: informe o login.")
    elif User.objects.filter(username__iexact=login).exists():
        erros.append(f"Login: “{login}” já existe (também desativado, o login não se reusa).")
    if not nome:
        erros.append("Nome: informe o nome da pessoa (é o que o histórico mostra).")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            erros.append(f"E-mail: “{email}” não é um endereço de e-mail.")
    if papel and papel not in Papel.values:
        erros.append(f"Papel: “{papel}” desconhecido.")
    primeiro, _, resto = nome.partition(" ")
    novo = User(username=login, first_name=primeiro[:150], last_name=resto[:150], email=email)
    try:
        validate_password(senha, novo)
    except ValidationError as erro:
        erros += [f"Senha: {m}" for m in erro.messages]
    if erros:
        raise ValidationError(erros)
    novo.set_password(senha)
    try:
        with transaction.atomic():
            novo.save()
    except IntegrityError:  # (o mesmo login criado ao mesmo tempo por outro pedido)
        raise ValidationError(f"Login: “{login}” já existe.") from None
    if papel:
        Perfil.objects.create(usuario=novo, papel=papel)
    SenhaProvisoria.objects.create(usuario=novo)
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.USUARIO_CRIADO,
        descricao=f"Usuário {_quem(novo)} criado"
        + (f", e-mail {email}" if email else ", sem e-mail")
        + (f", com o papel {Papel(papel).label}." if papel else ", sem papel."),
        dados={"usuario": novo.pk, "login": login, "papel": papel},
    )
    return novo


@transaction.atomic
def usuario_editar(*, usuario: User | None, alvo: User, nome: str, email: str) -> list[str]:
    """Corrige o nome e o e-mail (o login não muda: o histórico o usa). Devolve o que mudou."""
    _exigir_administrador(usuario)
    alvo = User.objects.select_for_update().get(pk=alvo.pk)
    nome, email = _limpo(nome), email.strip()
    erros = []
    if not nome:
        erros.append("Nome: informe o nome da pessoa (é o que o histórico mostra).")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            erros.append(f"E-mail: “{email}” não é um endereço de e-mail.")
    if erros:
        raise ValidationError(erros)
    antes_nome, antes_email = alvo.get_full_name(), alvo.email
    mudancas = []
    if nome != antes_nome:
        mudancas.append(f"nome: “{antes_nome}” → “{nome}”")
    if email != antes_email:
        mudancas.append(f"e-mail: “{antes_email}” → “{email}”")
    if not mudancas:
        raise ValidationError("Nada mudou: o nome e o e-mail são os que já estão gravados.")
    primeiro, _, resto = nome.partition(" ")
    alvo.first_name, alvo.last_name, alvo.email = primeiro[:150], resto[:150], email
    alvo.save(update_fields=["first_name", "last_name", "email"])
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.USUARIO_EDITADO,
        descricao=f"Usuário {alvo.get_username()} corrigido: " + "; ".join(mudancas) + ".",
        dados={"usuario": alvo.pk},
    )
    return mudancas


def _desfazer_designacoes(usuario: User | None, alvo: User, motivo: str) -> list[int]:
    """Encerra as designações do usuário, cada uma registrada na cadeia do seu certame."""
    encerradas = []
    for designacao in Designacao.objects.filter(usuario=alvo).order_by("certame_id"):
        certame = _travar_certame(designacao.certame_id)
        designacao.delete()
        registrar(
            usuario=usuario,
            certame=certame,
            acao=AcaoAuditada.DESIGNACAO_DESFEITA,
            descricao=f"{_quem(alvo)} deixa de estar designado para o certame: {motivo}",
            dados={"usuario": alvo.pk},
        )
        encerradas.append(certame.pk)
    return encerradas


@transaction.atomic
def papel_dar(*, usuario: User | None, alvo: User, papel: str) -> Perfil:
    """Dá o papel (ou troca o que havia). As designações de antes terminam: quem passa de RH a
    auditor não audita, sem nova designação, o certame em que agiu."""
    _exigir_administrador(usuario)
    if papel not in Papel.values:
        raise ValidationError(f"Papel “{papel}” desconhecido.")
    perfil = Perfil.objects.select_for_update().filter(usuario=alvo).first()
    anterior = str(perfil.papel) if perfil is not None else None
    if anterior == papel:
        raise ValidationError(f"{_quem(alvo)} já tem o papel {Papel(papel).label}.")
    if anterior == SISTEMA and not alvo.is_superuser:
        _exigir_outro_administrador(alvo, "trocar o papel dele")
    if perfil is None:
        perfil = Perfil.objects.create(usuario=alvo, papel=papel)
    else:
        perfil.papel = papel
        perfil.save(update_fields=["papel"])
    encerradas = (
        _desfazer_designacoes(usuario, alvo, f"o papel passou a ser {Papel(papel).label}.")
        if anterior is not None
        else []
    )
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.PAPEL_DADO,
        descricao=f"{_quem(alvo)} passa a ter o papel {Papel(papel).label}"
        + (f" (era {Papel(anterior).label})" if anterior else "")
        + (
            f"; designações encerradas: certames {', '.join(map(str, encerradas))}"
            if encerradas
            else ""
        )
        + ".",
        dados={"usuario": alvo.pk, "papel": papel, "anterior": anterior or ""},
    )
    _esquecer_perfil(alvo)
    return perfil


@transaction.atomic
def papel_tirar(*, usuario: User | None, alvo: User) -> None:
    """Tira o papel: o usuário fica sem papel (entra, mas não vê nada além do público) e as
    designações dele terminam."""
    _exigir_administrador(usuario)
    perfil = Perfil.objects.select_for_update().filter(usuario=alvo).first()
    if perfil is None:
        raise ValidationError(f"{_quem(alvo)} não tem papel a tirar.")
    if perfil.papel == SISTEMA and not alvo.is_superuser:
        _exigir_outro_administrador(alvo, "tirar o papel dele")
    anterior = str(perfil.papel)
    perfil.delete()
    encerradas = _desfazer_designacoes(usuario, alvo, "o papel foi tirado.")
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.PAPEL_TIRADO,
        descricao=f"{_quem(alvo)} deixa de ter o papel {Papel(anterior).label}"
        + (
            f"; designações encerradas: certames {', '.join(map(str, encerradas))}"
            if encerradas
            else ""
        )
        + ".",
        dados={"usuario": alvo.pk, "anterior": anterior},
    )
    _esquecer_perfil(alvo)


@transaction.atomic
def designacao_fazer(*, usuario: User | None, alvo: User, certame_id: int) -> bool:
    """Designa o RH ou o auditor para o certame (o que `manage.py designar` faz); False se já
    estava designado (nada a registrar)."""
    _exigir_administrador(usuario)
    certame = _travar_certame(certame_id)
    papel = papel_de(alvo)
    if papel is None or papel not in PAPEIS_DESIGNADOS:
        raise ValidationError(
            f"{_quem(alvo)} não tem o papel de RH nem de auditor: dê o papel antes de designar."
        )
    if not alvo.is_active:
        raise ValidationError(f"{_quem(alvo)} está desativado: reative-o antes de designar.")
    _, criada = Designacao.objects.get_or_create(usuario=alvo, certame=certame)
    if criada:
        registrar(
            usuario=usuario,
            certame=certame,
            acao=AcaoAuditada.DESIGNADO,
            descricao=f"{_quem(alvo)} ({Papel(papel).label}) designado para o certame.",
            dados={"usuario": alvo.pk},
        )
    return criada


@transaction.atomic
def designacao_desfazer(*, usuario: User | None, alvo: User, certame_id: int) -> bool:
    """Desfaz a designação; False se não estava designado."""
    _exigir_administrador(usuario)
    certame = _travar_certame(certame_id)
    apagadas = Designacao.objects.filter(usuario=alvo, certame=certame).delete()[0]
    if apagadas:
        registrar(
            usuario=usuario,
            certame=certame,
            acao=AcaoAuditada.DESIGNACAO_DESFEITA,
            descricao=f"{_quem(alvo)} deixa de estar designado para o certame.",
            dados={"usuario": alvo.pk},
        )
    return bool(apagadas)


@transaction.atomic
def usuario_desativar(*, usuario: User | None, alvo: User, motivo: str) -> User:
    """Desativa o usuário: não entra mais (a sessão aberta termina no próximo pedido). Nunca se
    apaga: o histórico o nomeia. O papel e as designações ficam, para quando for reativado."""
    _exigir_administrador(usuario)
    alvo = User.objects.select_for_update().get(pk=alvo.pk)
    if not alvo.is_active:
        raise ValidationError(f"{_quem(alvo)} já está desativado.")
    if usuario is not None and alvo.pk == usuario.pk:
        raise ValidationError("Você não pode desativar a si mesmo: peça a outro administrador.")
    if not motivo.strip():
        raise ValidationError("Motivo: diga por que o usuário é desativado.")
    _exigir_outro_administrador(alvo, "desativá-lo")
    alvo.is_active = False
    alvo.save(update_fields=["is_active"])
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.USUARIO_DESATIVADO,
        descricao=f"Usuário {_quem(alvo)} desativado: {motivo.strip()}",
        dados={"usuario": alvo.pk},
    )
    return alvo


@transaction.atomic
def usuario_reativar(*, usuario: User | None, alvo: User) -> User:
    _exigir_administrador(usuario)
    alvo = User.objects.select_for_update().get(pk=alvo.pk)
    if alvo.is_active:
        raise ValidationError(f"{_quem(alvo)} já está ativo.")
    alvo.is_active = True
    alvo.save(update_fields=["is_active"])
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.USUARIO_REATIVADO,
        descricao=f"Usuário {_quem(alvo)} reativado.",
        dados={"usuario": alvo.pk},
    )
    return alvo


@transaction.atomic
def senha_provisoria_definir(*, usuario: User | None, alvo: User, senha: str) -> None:
    """Quem administra o sistema define uma senha provisória (quem esqueceu a senha e não tem
    e-mail, ou não o recebe); a pessoa a troca depois de entrar. O registro diz quem e quando,
    nunca a senha."""
    _exigir_administrador(usuario)
    alvo = User.objects.select_for_update().get(pk=alvo.pk)
    try:
        validate_password(senha, alvo)
    except ValidationError as erro:
        raise ValidationError([f"Senha: {m}" for m in erro.messages]) from None
    alvo.set_password(senha)
    alvo.save(update_fields=["password"])
    SenhaProvisoria.objects.update_or_create(usuario=alvo)
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.SENHA_PROVISORIA_DADA,
        descricao=f"Senha provisória definida para {_quem(alvo)} por quem administra o sistema.",
        dados={"usuario": alvo.pk},
    )


@transaction.atomic
def senha_registrar_troca(*, usuario: User, por_email: bool) -> None:
    """A troca da senha pelo próprio usuário (na tela ou pelo e-mail de redefinição) fica no
    registro: quem e quando, nunca a senha."""
    SenhaProvisoria.objects.filter(usuario=usuario).delete()
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.SENHA_REDEFINIDA if por_email else AcaoAuditada.SENHA_TROCADA,
        descricao=f"{_quem(usuario)} "
        + ("redefiniu a senha pelo link enviado ao e-mail." if por_email else "trocou a senha."),
        dados={"usuario": usuario.pk},
    )
