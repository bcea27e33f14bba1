"""Cada papel vê e faz só o que lhe cabe; toda view é protegida (issue 4, item 8)."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from cotas_web.comissao.services import gravacao_anexar

from .conftest import entrar

pytestmark = pytest.mark.django_db

# joana tem o papel de comissão, mas não integra a comissão deste certame.
PAPEIS = ("anonimo", "sem_papel", "rita", "carlos", "joana", "ana")


def _padroes(resolver: Any = None) -> list[URLPattern]:
    saida = []
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            saida += _padroes(p)
        else:
            saida.append(p)
    return saida


def test_toda_view_declara_quem_pode() -> None:
    livres = {"entrar", "sair"}
    sem_declaracao = [
        p.name for p in _padroes() if p.name not in livres and not hasattr(p.callback, "papeis")
    ]
    assert sem_declaracao == []


def _urls(certame: Any, sessao: Any, gravacao: Any) -> dict[str, tuple[str, set[str]]]:
    """nome -> (url, papéis que podem ver com GET)."""
    pk = certame.pk
    conv = sessao.convocacoes.first()
    candidato = certame.candidatos.first()
    todos = {"rita", "carlos", "ana"}
    return {
        "inicio": (reverse("certames:inicio"), set(PAPEIS)),
        "publico": (reverse("certames:publico", args=[pk]), set(PAPEIS)),
        "novo": (reverse("certames:novo"), {"rita"}),
        "detalhe": (reverse("certames:detalhe", args=[pk]), todos),
        "historico": (reverse("certames:historico", args=[pk]), {"rita", "ana"}),
        "candidatos": (reverse("candidatos:lista", args=[pk]), {"rita", "ana"}),
        "candidato": (reverse("candidatos:detalhe", args=[pk, candidato.pk]), {"rita", "ana"}),
        "importar": (reverse("candidatos:importar", args=[pk]), {"rita"}),
        "fraudes": (reverse("candidatos:fraudes", args=[pk]), {"rita", "ana"}),
        "comissao": (reverse("comissao:painel", args=[pk]), todos),
        "sessao": (reverse("comissao:sessao", args=[pk, sessao.pk]), todos),
        "ata": (reverse("comissao:ata", args=[pk, sessao.pk]), todos),
        "verificacao": (reverse("comissao:verificacao", args=[pk, conv.pk]), {"carlos"}),
        "gravacao": (reverse("comissao:gravacao", args=[pk, gravacao.pk]), {"carlos"}),
        "membro_novo": (reverse("comissao:membro_novo", args=[pk]), {"rita"}),
        "sessao_nova": (reverse("comissao:sessao_nova", args=[pk]), {"rita", "carlos"}),
        "recurso_novo": (reverse("comissao:recurso_novo", args=[pk]), {"rita", "carlos"}),
        "nomeacoes": (reverse("nomeacoes:painel", args=[pk]), {"rita", "ana"}),
        # Só quem administra o sistema (nenhum destes: tests/web/test_usuarios.py).
        "usuarios": (reverse("contas:usuarios"), set()),
        "usuario_novo": (reverse("contas:usuario_novo"), set()),
        # A própria senha: qualquer login, com papel ou sem.
        "senha_trocar": (reverse("contas:senha_trocar"), set(PAPEIS) - {"anonimo"}),
    }


@pytest.fixture
def joana(db: Any) -> Any:
    from cotas_web.contas.models import Papel

    from .conftest import criar_usuario

    return criar_usuario("joana", Papel.COMISSAO)


@pytest.fixture
def cenario(sessao: Any, carlos: Any, rita: Any, ana: Any, sem_papel: Any, joana: Any) -> Any:
    conv = sessao.convocacoes.first()
    gravacao = gravacao_anexar(
        usuario=carlos,
        convocacao=conv,
        arquivo=SimpleUploadedFile("f.jpg", b"\xff\xd8\xff jpg", "image/jpeg"),
    )
    usuarios = {"rita": rita, "carlos": carlos, "ana": ana, "sem_papel": sem_papel, "joana": joana}
    return _urls(sessao.certame, sessao, gravacao), usuarios


@pytest.mark.parametrize("papel", PAPEIS)
def test_matriz_de_acesso_por_papel(client: Any, cenario: Any, papel: str) -> None:
    urls, usuarios = cenario
    if papel != "anonimo":
        entrar(client, usuarios[papel])
    for nome, (url, podem) in urls.items():
        status = client.get(url).status_code
        if papel in podem:
            assert status == 200, (nome, papel, status)
        elif papel == "anonimo":
            assert status == 302, (nome, papel, status)  # vai para a página de entrada
        else:
            assert status == 403, (nome, papel, status)


ACOES_SO_DO_RH = (
    ("certames:cargo_novo", {"codigo": "Z", "nome": "Z", "vagas_edital": "3"}),
    ("certames:homologar", {"data": "2025-08-01"}),
    ("nomeacoes:ofertar_edital", {"data": "2025-08-01"}),
)


@pytest.mark.parametrize(("rota", "dados"), ACOES_SO_DO_RH)
@pytest.mark.parametrize("papel", ["carlos", "joana", "ana", "sem_papel"])
def test_acoes_de_rh_recusadas_aos_outros(
    client: Any, cenario: Any, rota: str, dados: dict[str, str], papel: str
) -> None:
    from cotas_web.certames.models import Cargo, Certame

    _, usuarios = cenario
    pk = Certame.objects.get().pk
    entrar(client, usuarios[papel])
    assert client.post(reverse(rota, args=[pk]), dados).status_code == 403

    assert not Cargo.objects.filter(codigo="Z").exists()
    assert Certame.objects.get().homologado_em is None


def test_publico_nao_ve_dados_pessoais(client: Any, certame_com_candidatos: Any) -> None:
    html = client.get(reverse("certames:publico", args=[certame_com_candidatos.pk]))
    texto = html.content.decode()
    assert "Nadia" not in texto and "1006" not in texto
    assert "Reservadas a negros" in texto


def test_senhas_e_sessoes_seguem_a_configuracao_do_django(settings: Any) -> None:
    from django.conf import settings as conf

    assert conf.SESSION_COOKIE_HTTPONLY
    validadores = cast(list[dict[str, str]], conf.AUTH_PASSWORD_VALIDATORS)
    assert any("MinimumLength" in v["NAME"] for v in validadores)


ACOES_DA_COMISSAO = (
    ("comissao:sessao_nova", {"data": "2025-07-21", "local": "Outra sala"}),
    (
        "comissao:recurso_novo",
        {"recorrente": "candidato", "recorrente_nome": "X", "razoes": "x", "data": "2025-07-21"},
    ),
)


@pytest.mark.parametrize(("rota", "dados"), ACOES_DA_COMISSAO)
def test_comissao_e_por_certame(
    client: Any, cenario: Any, rota: str, dados: dict[str, str]
) -> None:
    """Quem tem o papel de comissão mas não integra a comissão deste certame não age nele."""
    from cotas_web.certames.models import Certame
    from cotas_web.comissao.models import Recurso, Sessao

    _, usuarios = cenario
    pk = Certame.objects.get().pk
    antes = (Sessao.objects.count(), Recurso.objects.count())
    resposta = entrar(client, usuarios["joana"]).post(reverse(rota, args=[pk]), dados)
    assert resposta.status_code == 403
    assert "não integra a comissão deste certame" in resposta.content.decode()
    assert (Sessao.objects.count(), Recurso.objects.count()) == antes


def test_inicio_mostra_ao_membro_so_os_certames_da_sua_comissao(
    client: Any, cenario: Any, certame_mostardas: Any
) -> None:
    _, usuarios = cenario
    inicio = reverse("certames:inicio")
    html = entrar(client, usuarios["carlos"]).get(inicio).content.decode()
    assert "Concurso 01/2025" in html and "Concurso Mostardas 01/2025" not in html
    html = entrar(client, usuarios["joana"]).get(inicio).content.decode()
    assert "Concurso 01/2025" not in html
    html = entrar(client, usuarios["rita"]).get(inicio).content.decode()
    assert "Concurso 01/2025" in html and "Concurso Mostardas 01/2025" in html
    client.logout()
    assert "Concurso Mostardas 01/2025" in client.get(inicio).content.decode()


def test_rh_e_auditor_so_no_certame_para_o_qual_foram_designados(
    client: Any, certame: Any, certame_mostardas: Any, rita: Any
) -> None:
    """O RH que criou um certame está designado para ele; outro auditor só depois de designado
    por `manage.py designar`, que fica no histórico do certame."""
    from io import StringIO

    from django.core.management import CommandError, call_command

    from cotas_web.auditoria.models import Registro
    from cotas_web.contas.models import Papel

    from .conftest import criar_usuario

    bia = criar_usuario("bia", Papel.AUDITOR)
    url = reverse("certames:detalhe", args=[certame.pk])
    entrar(client, bia)
    assert client.get(url).status_code == 403
    call_command("designar", "bia", str(certame.pk), stdout=StringIO())
    assert client.get(url).status_code == 200
    assert client.get(reverse("certames:detalhe", args=[certame_mostardas.pk])).status_code == 403
    assert Registro.objects.filter(certame=certame, acao="designacao").count() == 1
    call_command("designar", "bia", str(certame.pk), "--remover", stdout=StringIO())
    assert client.get(url).status_code == 403
    criar_usuario("joao", Papel.COMISSAO)
    with pytest.raises(CommandError, match="não tem o papel de RH nem de auditor"):
        call_command("designar", "joao", str(certame.pk), stdout=StringIO())
    entrar(client, rita)
    assert client.get(url).status_code == 200


def test_acesso_negado_ao_certame_diz_a_quem_pedir(client: Any, certame: Any) -> None:
    """O auditor ainda não designado não fica num beco sem saída: a página diz o que fazer."""
    from cotas_web.contas.models import Papel

    from .conftest import criar_usuario

    entrar(client, criar_usuario("bia", Papel.AUDITOR))
    resposta = client.get(reverse("certames:historico", args=[certame.pk]))
    assert resposta.status_code == 403
    assert "Peça a designação a quem administra o sistema" in resposta.content.decode()


def test_recusa_por_papel_diz_o_papel_e_o_endereco_e_fica_no_log_sem_pilha(
    client: Any, certame: Any, ana: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """O auditor que segue um link de RH lê qual é o papel dele, de quem é a página e o endereço;
    o log guarda a recusa numa linha, sem a pilha (40 pilhas num passeio pelas páginas)."""
    import logging
    import sys

    from cotas_web.protecao import FiltroRecusaSemPilha

    url = reverse("nomeacoes:novas_vagas", args=[certame.pk])
    with caplog.at_level(logging.WARNING, logger="django.request"):
        resposta = entrar(client, ana).get(url)
    html = resposta.content.decode()
    assert resposta.status_code == 403
    assert (
        "Seu papel (Auditor) não abre esta página; ela é de Administrador do certame (RH)." in html
    )
    assert f"<code>{url}</code>" in html
    [registro] = [r for r in caplog.records if r.name == "django.request"]
    assert registro.levelname == "WARNING" and registro.exc_info is None  # (tirada no handler)
    # Um 500 fica com a pilha.
    try:
        raise RuntimeError("falha")
    except RuntimeError:
        erro = logging.LogRecord("django.request", 40, "", 0, "x", (), sys.exc_info())
    erro.status_code = 500
    assert FiltroRecusaSemPilha().filter(erro) and erro.exc_info is not None
