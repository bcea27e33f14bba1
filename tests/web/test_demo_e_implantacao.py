"""Carga do exemplo de demonstração e configuração de produção."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.ponte import leis

RAIZ = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_carregar_exemplo_cria_usuarios_e_o_certame_de_montenegro() -> None:
    saida = StringIO()
    call_command("carregar_exemplo", "--demo", stdout=saida)
    texto = saida.getvalue()
    assert "rh / rh-demonstracao" in texto
    assert "comissao / comissao-demonstracao" in texto
    assert "auditor / auditor-demonstracao" in texto
    certame = Certame.objects.get(nome="Concurso Público 01/2025")  # (o do cenário)
    assert certame.municipio == "Montenegro/RS"
    assert certame.homologado
    assert Candidato.objects.filter(certame=certame).count() == 181
    assert certame.membros_comissao.count() == 3
    propostas = propostas_do_motor(certame=certame)
    assert {p.modalidade for p in propostas} == {"ampla", "negros", "pcd"}


@pytest.mark.django_db
def test_heteroidentificacao_do_exemplo_diz_de_onde_vem_o_parecer(client: Any) -> None:
    """O certame do exemplo, homologado com os pareceres importados e sem sessões: a página
    dizia "Nenhuma sessão com convocados ainda.", que um advogado lê como "não houve
    verificação"; e não tinha o menu das publicações do certame."""
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")
    assert certame.homologado and not certame.sessoes.exists()
    html = client.get(reverse("publico:heteroidentificacao", args=[certame.pk])).content.decode()
    assert "Nenhuma sessão com convocados ainda" not in html
    assert "os pareceres da comissão deste certame vieram com os dados dos candidatos" in html
    assert 'aria-label="Publicações do certame"' in html


@pytest.mark.django_db
def test_a_demonstracao_traz_um_concurso_federal_de_tres_grupos() -> None:
    """O exemplo da Lei 15.142/2025: três grupos, os valores que a lei deixa ao regulamento
    informados com a justificativa, homologado, com as vagas do edital propostas por grupo."""
    saida = StringIO()
    call_command("carregar_exemplo", "--demo", stdout=saida)
    certame = Certame.objects.get(lei_id="federal/lei-15142-2025")
    assert "três grupos" in saida.getvalue() and certame.homologado
    # A divisão dos 30% vem dos dados da lei (o regulamento, na transcrição dos editais do
    # DOU), não do operador; a ordem entre os grupos, que nenhuma fonte oficial lida fixa, sim.
    assert "indigenas.percentual" not in certame.informados
    assert leis.regras_do_certame(certame).grupo("indigenas").percentual == Fraction(3)  # type: ignore[union-attr]
    assert certame.informados["indigenas.reversao"]["valor"] == [
        "quilombolas",
        "pretos_pardos",
        "ampla",
    ]
    propostas = propostas_do_motor(certame=certame)
    modalidades = {p.modalidade for p in propostas}
    assert modalidades == {"ampla", "pretos_pardos", "indigenas", "quilombolas", "pcd"}
    # 40 vagas: 25% = 10; 3% = 1,2 → 1; 2% = 0,8 → 1 (nomeadas pelo grupo ou migradas).
    reservadas = [p.reservada_para for p in propostas if p.reservada_para]
    assert (reservadas.count("pretos_pardos"), reservadas.count("indigenas")) == (10, 1)
    assert reservadas.count("quilombolas") == 1


def test_check_deploy_limpo_em_producao(tmp_path: Any) -> None:
    ambiente = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.producao",
        "DJANGO_SECRET_KEY": "x" * 20 + "-chave-de-teste-longa-e-aleatoria-9a8s7d6f5g4h3j2k1l",
        "COTAS_CHAVE_AUDITORIA": "a" * 16 + "-chave-de-auditoria-de-teste-longa",
        "DJANGO_ALLOWED_HOSTS": "cotas.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
    }
    r = subprocess.run(
        [sys.executable, str(RAIZ / "manage.py"), "check", "--deploy", "--fail-level", "WARNING"],
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
        cwd=RAIZ,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues" in r.stdout


@pytest.mark.django_db
def test_carregar_exemplo_se_vazio_nao_duplica() -> None:
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    carregados = Certame.objects.count()
    saida = StringIO()
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=saida)
    assert Certame.objects.count() == carregados
    assert "rh / rh-demonstracao" in saida.getvalue()


@pytest.mark.django_db
def test_sem_demo_o_exemplo_nao_cria_logins() -> None:
    """Logins com as senhas publicadas no README só a pedido (`--demo`)."""
    from django.contrib.auth import get_user_model

    from .conftest import criar_usuario

    with pytest.raises(CommandError, match=r"--demo .* ou --como LOGIN"):
        call_command("carregar_exemplo", stdout=StringIO())
    assert not Certame.objects.exists()
    criar_usuario("rita", "administrador")
    saida = StringIO()
    call_command("carregar_exemplo", "--como", "rita", stdout=saida)
    assert Certame.objects.count() == 1
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["rita"]
    assert "demonstracao" not in saida.getvalue()


@pytest.mark.django_db
def test_demo_nunca_troca_a_senha_de_quem_ja_existe() -> None:
    from django.contrib.auth import get_user_model

    User = get_user_model()
    from cotas_web.contas.models import Perfil

    rh = User.objects.create_user("rh", password="senha-trocada-pelo-rh-2025")
    Perfil.objects.create(usuario=rh, papel="administrador")
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    rh.refresh_from_db()
    assert rh.check_password("senha-trocada-pelo-rh-2025")
    assert not rh.check_password("rh-demonstracao")
    saida = StringIO()
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=saida)
    rh.refresh_from_db()
    assert rh.check_password("senha-trocada-pelo-rh-2025")
    assert "rh / rh-demonstracao" not in saida.getvalue()


@pytest.mark.django_db
def test_se_vazio_com_dados_nao_recria_logins_apagados() -> None:
    from django.contrib.auth import get_user_model

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    get_user_model().objects.filter(username="auditor").update(is_active=False)
    get_user_model().objects.filter(username="comissao").update(password="!")
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=StringIO())
    auditor = get_user_model().objects.get(username="auditor")
    assert not auditor.is_active
    assert (
        not get_user_model()
        .objects.get(username="comissao")
        .check_password("comissao-demonstracao")
    )


def test_demo_recusada_nas_configuracoes_de_producao(tmp_path: Any) -> None:
    ambiente = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.producao",
        "DJANGO_SECRET_KEY": "x" * 20 + "-chave-de-teste-longa-e-aleatoria-9a8s7d6f5g4h3j2k1l",
        "COTAS_CHAVE_AUDITORIA": "a" * 16 + "-chave-de-auditoria-de-teste-longa",
        "DJANGO_ALLOWED_HOSTS": "cotas.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
    }
    r = subprocess.run(
        [sys.executable, str(RAIZ / "manage.py"), "carregar_exemplo", "--demo"],
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
        cwd=RAIZ,
    )
    assert r.returncode != 0
    assert "produção" in r.stderr and "--demo" in r.stderr
    assert "rh-demonstracao" not in r.stdout + r.stderr


def test_make_run_pede_os_logins_de_demonstracao_so_nas_configuracoes_de_demonstracao() -> None:
    script = (RAIZ / "scripts" / "web.sh").read_text(encoding="utf-8")
    assert "carregar_exemplo --se-vazio --demo" in script
    assert "cotas_web.settings.demonstracao" in script


@pytest.mark.django_db
def test_logins_de_demonstracao_entram_no_certame_do_exemplo(client: Any) -> None:
    """RH e auditor são por certame: o exemplo designa os de demonstração para o seu certame."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")  # (o do cenário)
    for login, rota in (
        ("rh", "nomeacoes:painel"),
        ("auditor", "candidatos:lista"),
        ("comissao", "comissao:painel"),
    ):
        client.force_login(get_user_model().objects.get(username=login))
        assert client.get(reverse(rota, args=[certame.pk])).status_code == 200, login
        assert certame.nome in client.get(reverse("certames:inicio")).content.decode()


@pytest.mark.django_db
def test_demo_tem_trabalho_a_espera_para_cada_papel(client: Any) -> None:
    """Um certame antes da homologação com autodeclarados para a comissão convocar e verificar;
    um com nomeações confirmadas, uma desistência e novas vagas; e os logins dizem qual abrir."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from cotas_web.nomeacoes.models import Nomeacao, OfertaVagas

    saida = StringIO()
    call_command("carregar_exemplo", "--demo", stdout=saida)
    texto = saida.getvalue()
    antes = Certame.objects.get(nome__endswith="(antes da homologação)")
    assert antes.municipio == "Montenegro/RS" and antes.exige_comissao
    assert not antes.homologado and antes.publicado
    pendentes = Candidato.objects.filter(certame=antes)
    assert pendentes.aguardando_parecer("negros", ("preta", "parda")).count() == 66
    carlos = get_user_model().objects.get(username="comissao")
    assert antes.membros_comissao.filter(usuario=carlos).exists()
    client.force_login(carlos)
    assert client.get(reverse("comissao:painel", args=[antes.pk])).status_code == 200

    cheio = Certame.objects.get(nome__endswith="(nomeações em curso)")
    assert cheio.homologado
    assert Nomeacao.objects.filter(cargo__certame=cheio).count() == 27
    assert Nomeacao.objects.filter(cargo__certame=cheio, situacao="desistente").count() == 1
    assert OfertaVagas.objects.filter(cargo__certame=cheio, do_edital=False).exists()
    assert propostas_do_motor(certame=cheio)  # substituição e novas vagas à espera do RH

    # cada login sabe qual certame abrir e para quê
    bloco_comissao = texto.split("comissao / comissao-demonstracao")[1].split(" / ")[0]
    assert antes.nome in bloco_comissao and "convocar" in bloco_comissao
    bloco_auditor = texto.split("auditor / auditor-demonstracao")[1]
    assert cheio.nome in bloco_auditor
    bloco_rh = texto.split("rh / rh-demonstracao")[1].split("comissao / ")[0]
    assert "Concurso Público 01/2025" in bloco_rh and "nomeações" in bloco_rh
    # todos públicos, e cada papel alcança os seus
    assert Certame.objects.filter(publicado_em__isnull=True).count() == 0


@pytest.mark.django_db
def test_cabecalho_da_demonstracao_diz_o_papel_uma_vez(client: Any) -> None:
    """O cabeçalho mostra o nome e o papel, uma vez cada: "Rita Helena (RH) (Administrador do
    certame (RH))", parênteses dentro de parênteses, confundia."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    for login in ("rh", "comissao", "auditor"):
        client.force_login(get_user_model().objects.get(username=login))
        html = client.get(reverse("certames:inicio")).content.decode()
        usuario = html.split('<span class="usuario">', 1)[1].split("</span>", 1)[0]
        assert usuario.count("(") <= 1 and ") (" not in usuario, usuario
