"""Administração de usuários na tela (issue 21): quem administra o sistema cria usuários, dá e
tira papéis, designa e desdesigna certames, desativa (nunca apaga); cada ato auditado, com o
nome de quem fez. O superusuário do Django sem perfil é administrador (não leva 403)."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.contas import services
from cotas_web.contas.models import Designacao, Papel, Perfil

from .conftest import SENHA, criar_usuario, entrar

pytestmark = pytest.mark.django_db

SENHA_NOVA = "provisoria-da-marta-2026"


@pytest.fixture
def sofia(db: Any) -> Any:
    """A administradora do sistema (papel próprio, sem ser superusuária)."""
    u = criar_usuario("sofia", Papel.SISTEMA)
    u.first_name, u.last_name = "Sofia", "Almeida"
    u.save()
    return u


@pytest.fixture
def raiz(db: Any) -> Any:
    """O superusuário de `createsuperuser`, sem perfil."""
    return get_user_model().objects.create_superuser("raiz", "raiz@exemplo.gov.br", SENHA)


def _marta(sofia: Any) -> Any:
    return services.usuario_criar(
        usuario=sofia,
        login="marta",
        nome="Marta Souza",
        email="marta@exemplo.gov.br",
        senha=SENHA_NOVA,
    )


def _entra(client: Any, login: str, senha: str) -> bool:
    """Entra pela página de entrada (o django-axes exige o pedido): True se entrou."""
    client.logout()
    resposta = client.post(reverse("contas:entrar"), {"username": login, "password": senha})
    return resposta.status_code == 302 and "_auth_user_id" in client.session


def test_telas_de_usuarios_so_para_quem_administra_o_sistema(
    client: Any, sofia: Any, raiz: Any, rita: Any, carlos: Any, ana: Any, sem_papel: Any
) -> None:
    marta = _marta(sofia)
    paginas = [
        reverse("contas:usuarios"),
        reverse("contas:usuario_novo"),
        reverse("contas:usuario", args=[marta.pk]),
    ]
    for url in paginas:
        assert client.get(url).status_code == 302  # sem login: a página de entrada
    for quem in (rita, carlos, ana, sem_papel):
        entrar(client, quem)
        for url in paginas:
            assert client.get(url).status_code == 403, (quem, url)
        acao = reverse("contas:papel_dar", args=[marta.pk])
        assert client.post(acao, {"papel": Papel.AUDITOR}).status_code == 403
    assert not Perfil.objects.filter(usuario=marta).exists()
    for quem in (sofia, raiz):
        entrar(client, quem)
        for url in paginas:
            assert client.get(url).status_code == 200, (quem, url)
        inicio = client.get(reverse("certames:inicio")).content.decode()
        assert reverse("contas:usuarios") in inicio


def test_superusuario_sem_perfil_nao_leva_403(client: Any, raiz: Any, certame: Any) -> None:
    """O caminho antigo do README (`createsuperuser`): o superusuário age como RH em todos os
    certames e administra o sistema; `manage.py designar` o aceita."""
    entrar(client, raiz)
    for url in (
        reverse("certames:inicio"),
        reverse("certames:novo"),
        reverse("certames:detalhe", args=[certame.pk]),
        reverse("certames:historico", args=[certame.pk]),
        reverse("identidade:editar"),
    ):
        assert client.get(url).status_code == 200, url
    html = client.get(reverse("certames:inicio")).content.decode()
    assert "sem papel" not in html and "administrador do sistema" in html
    call_command("designar", "raiz", str(certame.pk), stdout=StringIO())
    assert Designacao.objects.filter(usuario=raiz, certame=certame).exists()


def test_criar_pela_tela_e_auditado_com_o_nome(client: Any, sofia: Any) -> None:
    entrar(client, sofia)
    resposta = client.post(
        reverse("contas:usuario_novo"),
        {
            "nome": "Marta  Souza",
            "login": "marta",
            "email": "marta@exemplo.gov.br",
            "papel": Papel.ADMINISTRADOR,
            "senha": SENHA_NOVA,
            "senha_confirmacao": SENHA_NOVA,
        },
    )
    marta = get_user_model().objects.get(username="marta")
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("contas:usuario", args=[marta.pk])
    assert marta.get_full_name() == "Marta Souza" and marta.check_password(SENHA_NOVA)
    assert marta.perfil.papel == Papel.ADMINISTRADOR
    registro = Registro.objects.get(acao="usuario_criado")
    assert registro.certame_id is None
    assert registro.usuario_nome == "Sofia Almeida (sofia)"
    assert "Marta Souza (marta)" in registro.descricao
    html = client.get(reverse("contas:usuarios")).content.decode()
    assert "Marta Souza" in html and "Sofia Almeida (sofia)" in html


def test_criar_recusa_tudo_de_uma_vez_e_mantem_o_digitado(client: Any, sofia: Any) -> None:
    _marta(sofia)
    entrar(client, sofia)
    html = client.post(
        reverse("contas:usuario_novo"),
        {
            "nome": "Outra Marta",
            "login": "MARTA",
            "email": "",
            "papel": "",
            "senha": "123",
            "senha_confirmacao": "123",
        },
    ).content.decode()
    assert "“MARTA” já existe" in html
    assert "Senha:" in html  # a senha curta, na mesma resposta
    assert 'value="Outra Marta"' in html
    html = client.post(
        reverse("contas:usuario_novo"),
        {
            "nome": "Joana",
            "login": "joana",
            "email": "joana@x.gov.br",
            "papel": "",
            "senha": SENHA_NOVA,
            "senha_confirmacao": SENHA_NOVA + "x",
        },
    ).content.decode()
    assert "não são iguais" in html
    assert not get_user_model().objects.filter(username="joana").exists()


def test_papel_designacao_e_desativacao_pela_tela(
    client: Any, sofia: Any, certame: Any, rita: Any
) -> None:
    """O caminho novo do README: criar, dar o papel de RH, designar (a falha "não tem o papel
    de RH" não acontece), o RH entra no certame; desdesignar, tirar o papel, desativar."""
    marta = _marta(sofia)
    entrar(client, sofia)
    pagina = reverse("contas:usuario", args=[marta.pk])
    client.post(reverse("contas:papel_dar", args=[marta.pk]), {"papel": Papel.ADMINISTRADOR})
    marta.refresh_from_db()
    assert Perfil.objects.get(usuario=marta).papel == Papel.ADMINISTRADOR
    assert "Administrador do certame (RH)" in client.get(pagina).content.decode()
    client.post(reverse("contas:designar", args=[marta.pk]), {"certame": str(certame.pk)})
    assert Designacao.objects.filter(usuario=marta, certame=certame).exists()
    designacao = Registro.objects.get(certame=certame, acao="designacao")
    assert designacao.usuario_nome == "Sofia Almeida (sofia)"
    assert "Marta Souza (marta)" in designacao.descricao
    # O histórico do certame mostra o nome de quem designou.
    entrar(client, rita)
    historico = client.get(reverse("certames:historico", args=[certame.pk])).content.decode()
    # (o nome e o papel, sem o login: issue 21, a mesa do auditor)
    assert "Sofia Almeida<br><small>" in historico
    assert "Sofia Almeida (sofia)" not in historico
    # Marta entra: antes de tudo, troca a senha provisória; depois age no certame.
    entrar(client, marta)
    detalhe = reverse("certames:detalhe", args=[certame.pk])
    assert client.get(detalhe)["Location"] == reverse("contas:senha_trocar")
    client.post(
        reverse("contas:senha_trocar"),
        {
            "old_password": SENHA_NOVA,
            "new_password1": SENHA_NOVA + "-x",
            "new_password2": SENHA_NOVA + "-x",
        },
    )
    assert client.get(detalhe).status_code == 200
    marta.refresh_from_db()  # (a senha nova: a sessão de `entrar` leva o hash dela)
    # Desdesignar.
    entrar(client, sofia)
    client.post(reverse("contas:desdesignar", args=[marta.pk, certame.pk]))
    assert not Designacao.objects.filter(usuario=marta).exists()
    assert Registro.objects.filter(certame=certame, acao="designacao_desfeita").count() == 1
    entrar(client, marta)
    assert client.get(reverse("certames:detalhe", args=[certame.pk])).status_code == 403
    # Tirar o papel.
    entrar(client, sofia)
    client.post(reverse("contas:papel_tirar", args=[marta.pk]))
    assert not Perfil.objects.filter(usuario=marta).exists()
    assert Registro.objects.filter(acao="papel_tirado", certame=None).count() == 1
    # Desativar: não entra mais, não é apagada.
    client.post(reverse("contas:desativar", args=[marta.pk]), {"motivo": "Deixou o RH"})
    marta.refresh_from_db()
    assert not marta.is_active
    assert not _entra(client, "marta", SENHA_NOVA + "-x")
    registro = Registro.objects.get(acao="usuario_desativado")
    assert "Deixou o RH" in registro.descricao
    entrar(client, sofia)
    client.post(reverse("contas:reativar", args=[marta.pk]))
    marta.refresh_from_db()
    assert marta.is_active
    assert _entra(client, "marta", SENHA_NOVA + "-x")


def test_trocar_de_papel_encerra_as_designacoes(sofia: Any, certame: Any) -> None:
    marta = _marta(sofia)
    services.papel_dar(usuario=sofia, alvo=marta, papel=Papel.ADMINISTRADOR)
    services.designacao_fazer(usuario=sofia, alvo=marta, certame_id=certame.pk)
    services.papel_dar(usuario=sofia, alvo=marta, papel=Papel.AUDITOR)
    assert not Designacao.objects.filter(usuario=marta).exists()
    encerrada = Registro.objects.get(certame=certame, acao="designacao_desfeita")
    assert "Auditor" in encerrada.descricao
    dado = Registro.objects.filter(acao="papel_dado").last()
    assert dado is not None and "era Administrador do certame (RH)" in dado.descricao


def test_recusas_dos_services(sofia: Any, rita: Any, carlos: Any, certame: Any) -> None:
    marta = _marta(sofia)
    # Só quem administra o sistema.
    with pytest.raises(ValidationError, match="Só quem administra o sistema"):
        services.papel_dar(usuario=rita, alvo=marta, papel=Papel.ADMINISTRADOR)
    # Designar quem não é RH nem auditor.
    with pytest.raises(ValidationError, match="não tem o papel de RH nem de auditor"):
        services.designacao_fazer(usuario=sofia, alvo=carlos, certame_id=certame.pk)
    # Desativar a si mesma; desativar o último administrador.
    with pytest.raises(ValidationError, match="a si mesmo"):
        services.usuario_desativar(usuario=sofia, alvo=sofia, motivo="x")
    with pytest.raises(ValidationError, match="único administrador"):
        services.papel_tirar(usuario=sofia, alvo=sofia)
    with pytest.raises(ValidationError, match="Motivo"):
        services.usuario_desativar(usuario=sofia, alvo=marta, motivo=" ")
    # Nada foi registrado pelas recusas.
    assert not Registro.objects.filter(
        acao__in=["papel_dado", "papel_tirado", "usuario_desativado", "designacao"],
        certame__isnull=True,
    ).exists()


def test_os_services_exigem_a_transacao_e_registram_cada_mudanca(sofia: Any, certame: Any) -> None:
    antes = Registro.objects.count()
    marta = _marta(sofia)
    services.papel_dar(usuario=sofia, alvo=marta, papel=Papel.AUDITOR)
    assert services.designacao_fazer(usuario=sofia, alvo=marta, certame_id=certame.pk)
    assert not services.designacao_fazer(usuario=sofia, alvo=marta, certame_id=certame.pk)
    assert services.designacao_desfazer(usuario=sofia, alvo=marta, certame_id=certame.pk)
    services.usuario_desativar(usuario=sofia, alvo=marta, motivo="Saiu")
    acoes = list(Registro.objects.order_by("id").values_list("acao", flat=True))[antes:]
    assert acoes == [
        "usuario_criado",
        "papel_dado",
        "designacao",
        "designacao_desfeita",
        "usuario_desativado",
    ]


def test_designar_pelo_comando_depois_do_papel_dado_na_tela(
    client: Any, sofia: Any, certame: Any
) -> None:
    """O erro "O login marta não tem o papel de RH nem de auditor" não acontece mais quando o
    papel foi dado pelo caminho do README (a tela)."""
    marta = _marta(sofia)
    entrar(client, sofia)
    client.post(reverse("contas:papel_dar", args=[marta.pk]), {"papel": Papel.ADMINISTRADOR})
    saida = StringIO()
    call_command("designar", "marta", str(certame.pk), stdout=saida)
    assert "marta designado" in saida.getvalue()
    assert Designacao.objects.filter(usuario=marta, certame=certame).exists()


def test_historico_antigo_mostra_o_nome_ao_lado_do_login(
    client: Any, certame: Any, rita: Any
) -> None:
    """Registros gravados só com o login (antes desta mudança): a tela mostra o nome da conta
    (e o papel, sem o login)."""
    rita.first_name, rita.last_name = "Rita", "Helena"
    rita.save()
    entrar(client, rita)
    html = client.get(reverse("certames:historico", args=[certame.pk])).content.decode()
    assert "Rita Helena<br><small>" in html
    assert "Rita Helena (rita)" not in html


def test_identidade_do_orgao_fica_no_registro(client: Any, sofia: Any, rita: Any) -> None:
    entrar(client, sofia)
    dados = {
        "nome": "Prefeitura de Teste",
        "subordinacao": "",
        "endereco": "",
        "telefone": "",
        "email": "",
        "sitio": "",
        "ouvidoria": "",
        "ouvidoria_url": "",
        "aviso_privacidade": "Aviso novo.",
    }
    assert client.post(reverse("identidade:editar"), dados).status_code == 302
    registro = Registro.objects.get(acao="orgao_identidade")
    assert registro.certame_id is None and registro.usuario_nome == "Sofia Almeida (sofia)"
    assert "nome: “” → “Prefeitura de Teste”" in registro.descricao
    assert "aviso de privacidade" in registro.descricao
    # O mesmo envio de novo: nada muda, nada se registra.
    client.post(reverse("identidade:editar"), dados)
    assert Registro.objects.filter(acao="orgao_identidade").count() == 1
    entrar(client, rita)  # o RH também edita
    dados["nome"] = "Prefeitura Municipal de Teste"
    client.post(reverse("identidade:editar"), dados)
    assert Registro.objects.filter(acao="orgao_identidade").count() == 2


def test_senha_provisoria_definida_por_quem_administra(client: Any, sofia: Any, rita: Any) -> None:
    """Quem esqueceu a senha e não tem e-mail: o administrador define uma provisória."""
    marta = _marta(sofia)
    url = reverse("contas:senha_provisoria", args=[marta.pk])
    outra = "outra-provisoria-2026"
    entrar(client, rita)
    assert client.post(url, {"senha": outra, "senha_confirmacao": outra}).status_code == 403
    entrar(client, sofia)
    pagina = client.post(url, {"senha": "123", "senha_confirmacao": "123"}, follow=True)
    assert "Senha:" in pagina.content.decode()  # a senha fraca, recusada com o porquê
    client.post(url, {"senha": outra, "senha_confirmacao": outra})
    assert _entra(client, "marta", outra)
    registro = Registro.objects.get(acao="senha_provisoria")
    assert "Marta Souza (marta)" in registro.descricao and outra not in registro.descricao
    assert registro.usuario_nome == "Sofia Almeida (sofia)"


def test_correcoes_e_importacoes_mostram_o_nome_de_quem_fez(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    rita.first_name, rita.last_name = "Rita", "Helena"
    rita.save()
    html = (
        entrar(client, rita)
        .get(reverse("candidatos:importar", args=[certame_com_candidatos.pk]))
        .content.decode()
    )
    assert "Rita Helena (rita)" in html


def test_atos_com_a_pagina_antiga_releem_o_que_decide(sofia: Any, certame: Any) -> None:
    """Como em test_travas: o usuário lido antes (a segunda aba) não decide pelo service."""
    from cotas_web.contas.models import Papel as P

    marta = _marta(sofia)
    aba1, aba2 = (get_user_model().objects.get(pk=marta.pk) for _ in range(2))
    services.usuario_desativar(usuario=sofia, alvo=aba1, motivo="Saiu")
    with pytest.raises(ValidationError, match="já está desativado"):
        services.usuario_desativar(usuario=sofia, alvo=aba2, motivo="Saiu de novo")
    # Dois administradores que se desativam "ao mesmo tempo": o segundo ato, de quem já foi
    # desativado, é recusado; o sistema nunca fica sem administrador.
    outro = criar_usuario("otavio", P.SISTEMA)
    outro_na_aba = get_user_model().objects.get(pk=outro.pk)
    services.usuario_desativar(usuario=sofia, alvo=outro, motivo="Trocou de setor")
    with pytest.raises(ValidationError, match="Só quem administra o sistema"):
        services.usuario_desativar(usuario=outro_na_aba, alvo=sofia, motivo="x")
    sofia.refresh_from_db()
    assert sofia.is_active
    assert Registro.objects.filter(acao="usuario_desativado").count() == 2


def test_senha_provisoria_se_troca_antes_de_qualquer_pagina(
    client: Any, sofia: Any, certame: Any
) -> None:
    """Quem entra com a senha que o administrador definiu vai à troca de senha em toda página
    (menos sair); trocada, segue. A senha redefinida pelo administrador volta a exigi-lo."""
    marta = _marta(sofia)
    services.papel_dar(usuario=sofia, alvo=marta, papel=Papel.ADMINISTRADOR)
    services.designacao_fazer(usuario=sofia, alvo=marta, certame_id=certame.pk)
    assert _entra(client, "marta", SENHA_NOVA)
    for url in (
        reverse("certames:inicio"),
        reverse("certames:detalhe", args=[certame.pk]),
        reverse("identidade:editar"),
    ):
        resposta = client.get(url)
        assert resposta.status_code == 302 and resposta["Location"] == reverse(
            "contas:senha_trocar"
        ), url
    pagina = client.get(reverse("contas:senha_trocar"), follow=True).content.decode()
    assert "troque-a antes de continuar" in pagina
    nova = SENHA_NOVA + "-trocada"
    client.post(
        reverse("contas:senha_trocar"),
        {"old_password": SENHA_NOVA, "new_password1": nova, "new_password2": nova},
    )
    assert client.get(reverse("certames:detalhe", args=[certame.pk])).status_code == 200
    assert _entra(client, "marta", nova)  # numa sessão nova, também livre
    assert client.get(reverse("certames:inicio")).status_code == 200
    # O administrador redefine: a próxima entrada exige a troca de novo.
    services.senha_provisoria_definir(usuario=sofia, alvo=marta, senha="definida-pela-sofia-1")
    assert _entra(client, "marta", "definida-pela-sofia-1")
    assert client.get(reverse("certames:inicio"))["Location"] == reverse("contas:senha_trocar")


def test_corrigir_nome_e_email(client: Any, sofia: Any, rita: Any) -> None:
    marta = _marta(sofia)
    url = reverse("contas:dados", args=[marta.pk])
    entrar(client, rita)
    assert client.post(url, {"nome": "X", "email": ""}).status_code == 403
    entrar(client, sofia)
    client.post(url, {"nome": "Marta Souza Lima", "email": "marta.lima@exemplo.gov.br"})
    marta.refresh_from_db()
    assert marta.get_full_name() == "Marta Souza Lima" and marta.username == "marta"
    registro = Registro.objects.get(acao="usuario_editado")
    assert "nome: “Marta Souza” → “Marta Souza Lima”" in registro.descricao
    assert "marta.lima@exemplo.gov.br" in registro.descricao
    pagina = client.post(
        url, {"nome": "Marta Souza Lima", "email": "marta.lima@exemplo.gov.br"}, follow=True
    ).content.decode()
    assert "Nada mudou" in pagina
    assert Registro.objects.filter(acao="usuario_editado").count() == 1


def test_cadeias_integras_depois_dos_atos_de_usuarios(sofia: Any, certame: Any) -> None:
    """Os registros de usuários e papéis (cadeia sem certame) e as designações (cadeia do
    certame) passam pelo `verificar_auditoria`."""
    from cotas_web.auditoria.integridade import verificar_cadeia

    marta = _marta(sofia)
    services.papel_dar(usuario=sofia, alvo=marta, papel=Papel.AUDITOR)
    services.designacao_fazer(usuario=sofia, alvo=marta, certame_id=certame.pk)
    services.usuario_desativar(usuario=sofia, alvo=marta, motivo="Saiu")
    saida = StringIO()
    call_command("verificar_auditoria", "--so-cadeia", stdout=saida)
    assert verificar_cadeia(None).integra and verificar_cadeia(certame.pk).integra
    # Os três atos (criar, dar o papel, desativar) e o selo da chave, que vem da migração 0004 e
    # some do banco de teste no `flush` de um teste transacional que rodou antes no processo:
    # 4 ou 3 conforme a ordem. Por isso piso, não conta exata.
    assert verificar_cadeia(None).total >= 3
