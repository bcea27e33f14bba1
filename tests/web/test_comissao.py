"""Comissão Avaliadora de Cotas (Montenegro, Lei 7.344/2025, arts. 3º a 13)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cotas_web.candidatos.models import Candidato
from cotas_web.comissao.models import Convocacao, Gravacao
from cotas_web.comissao.selectors import aviso_distribuicao
from cotas_web.comissao.services import (
    gravacao_anexar,
    membro_adicionar,
    recurso_decidir,
    recurso_interpor,
    sessao_criar,
    verificacao_registrar,
)

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _conv(inscricao: str) -> Convocacao:
    return Convocacao.objects.get(candidato__inscricao=inscricao)


def _confirmado(sessao: Any, carlos: Any, inscricao: str) -> None:
    """O parecer da comissão registrado para `inscricao`: todos os membros reconhecem."""
    membros = sessao.certame.membros_comissao.all()
    verificacao_registrar(
        usuario=carlos,
        convocacao=_conv(inscricao),
        compareceu=True,
        votos={m.pk: True for m in membros},
    )


def test_aviso_quando_nao_distribuida_por_genero_e_cor(
    certame_com_candidatos: Any, rita: Any
) -> None:
    c = certame_com_candidatos
    for nome in ("A", "B", "C"):
        membro_adicionar(usuario=rita, certame=c, nome=nome, genero="feminino", cor_raca="parda")
    aviso = aviso_distribuicao(certame=c)
    assert "gênero" in aviso and "cor" in aviso and "art. 4º" in aviso
    with pytest.raises(ValidationError, match="3 integrantes"):
        membro_adicionar(usuario=rita, certame=c, nome="D", genero="masculino", cor_raca="preta")


def test_comissao_distribuida_nao_avisa(comissao_composta: Any) -> None:
    assert aviso_distribuicao(certame=comissao_composta) == ""


def test_convoca_so_aprovados_autodeclarados_que_optaram(sessao: Any) -> None:
    inscricoes = sorted(sessao.convocacoes.values_list("candidato__inscricao", flat=True))
    assert inscricoes == ["1002", "1006", "1007"]
    assert Candidato.objects.get(inscricao="1006").verificacao("negros") == "pendente"


def test_convocacao_grande_em_lotes_e_historico_resumido(
    comissao_composta: Any, carlos: Any, monkeypatch: Any
) -> None:
    """Num certame grande a sessão convoca dezenas de milhares: gravadas em lotes, todas ficam
    pendentes, e o histórico de auditoria cita as primeiras inscrições e conta as demais."""
    from cotas_web.auditoria.models import Registro
    from cotas_web.comissao import services

    monkeypatch.setattr(services, "_LOTE", 2)
    monkeypatch.setattr(services, "_LISTADOS", 2)
    s = sessao_criar(
        usuario=carlos, certame=comissao_composta, data=date(2025, 7, 20), local="Prefeitura"
    )
    convocados = services.candidatos_convocar(usuario=carlos, sessao=s)
    inscricoes = sorted(c.candidato.inscricao for c in convocados)
    assert inscricoes == ["1002", "1006", "1007"]
    assert sorted(s.convocacoes.values_list("candidato__inscricao", flat=True)) == inscricoes
    assert {
        c.verificacao("negros") for c in Candidato.objects.filter(inscricao__in=inscricoes)
    } == {"pendente"}
    descricao = Registro.objects.filter(acao="comissao_convocacao").latest("id").descricao
    assert descricao.startswith("Convocados 3 candidato(s) para a sessão de 20/07/2025: ")
    assert "e mais 1 (todas nas convocações da sessão" in descricao


def test_maioria_decide(sessao: Any, carlos: Any) -> None:
    m1, m2, m3 = sessao.certame.membros_comissao.all()
    verificacao_registrar(
        usuario=carlos,
        convocacao=_conv("1006"),
        compareceu=True,
        votos={m1.pk: True, m2.pk: True, m3.pk: False},
    )
    verificacao_registrar(
        usuario=carlos,
        convocacao=_conv("1007"),
        compareceu=True,
        votos={m1.pk: True, m2.pk: False, m3.pk: False},
    )
    assert Candidato.objects.get(inscricao="1006").verificacao("negros") == "confirmado"
    assert Candidato.objects.get(inscricao="1007").verificacao("negros") == "nao_confirmado"
    assert _conv("1006").votos.count() == 3


def test_voto_de_cada_membro_e_exigido(sessao: Any, carlos: Any) -> None:
    m1, *_ = sessao.certame.membros_comissao.all()
    with pytest.raises(ValidationError, match="Falta o voto"):
        verificacao_registrar(
            usuario=carlos, convocacao=_conv("1006"), compareceu=True, votos={m1.pk: True}
        )


@pytest.mark.parametrize(
    ("compareceu", "filmagem", "perguntas", "resultado"),
    [
        (False, False, False, "ausente"),
        (True, True, False, "recusou_filmagem"),
        (True, False, True, "recusou_perguntas"),
    ],
)
def test_ausencia_e_recusas_seguem_na_ampla(
    sessao: Any, carlos: Any, compareceu: bool, filmagem: bool, perguntas: bool, resultado: str
) -> None:
    verificacao_registrar(
        usuario=carlos,
        convocacao=_conv("1006"),
        compareceu=compareceu,
        recusou_filmagem=filmagem,
        recusou_perguntas=perguntas,
    )
    assert Candidato.objects.get(inscricao="1006").verificacao("negros") == resultado
    assert _conv("1006").votos.count() == 0


def test_recurso_de_outro_candidato_muda_o_parecer(sessao: Any, carlos: Any) -> None:
    _confirmado(sessao, carlos, "1006")
    c = Candidato.objects.get(inscricao="1006")
    recurso = recurso_interpor(
        usuario=carlos,
        candidato=c,
        recorrente="terceiro",
        recorrente_nome="Fabio Branco",
        razoes="fenótipo",
        data=date(2025, 7, 25),
    )
    from cotas_web.comissao.selectors import pendencias_da_comissao

    assert any("recurso" in p for p in pendencias_da_comissao(certame=sessao.certame))
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="provido",
        resultado_final="nao_confirmado",
        fundamentacao="reexame",
        data=date(2025, 7, 28),
    )
    c.refresh_from_db()
    assert c.verificacao("negros") == "nao_confirmado"


def test_recurso_pela_tela_indica_a_inscricao(client: Any, sessao: Any, carlos: Any) -> None:
    """O recurso aponta o candidato pela inscrição (num certame grande, dezenas de milhares de
    pareceres não cabem numa lista de escolha); só quem tem parecer pode ser objeto dele."""
    from cotas_web.comissao.models import Recurso

    _confirmado(sessao, carlos, "1006")
    entrar(client, carlos)
    url = reverse("comissao:recurso_novo", args=[sessao.certame.pk])
    dados = {
        "recorrente": "terceiro",
        "recorrente_nome": "Fabio Branco",
        "razoes": "fenótipo",
        "data": "2025-07-25",
        "pedido": "recurso-pela-tela",
    }
    recusado = client.post(url, {**dados, "candidato": "1007"})  # convocado, ainda sem parecer
    assert recusado.status_code == 200
    assert "A inscrição 1007 não tem parecer da comissão neste certame." in (
        recusado.content.decode()
    )
    assert not Recurso.objects.exists()
    r = client.post(url, {**dados, "candidato": " 1006 "})
    assert r.status_code == 302
    assert Recurso.objects.get().candidato.inscricao == "1006"


def test_gravacao_so_para_a_comissao(
    client: Any, sessao: Any, carlos: Any, rita: Any, ana: Any
) -> None:
    arquivo = SimpleUploadedFile("foto.jpg", b"\xff\xd8\xff imagem", "image/jpeg")
    g = gravacao_anexar(usuario=carlos, convocacao=_conv("1006"), arquivo=arquivo)
    url = reverse("comissao:gravacao", args=[sessao.certame.pk, g.pk])
    assert entrar(client, ana).get(url).status_code == 403
    assert entrar(client, rita).get(url).status_code == 403
    resposta = entrar(client, carlos).get(url)
    assert resposta.status_code == 200
    assert b"".join(resposta.streaming_content) == b"\xff\xd8\xff imagem"
    client.logout()
    assert client.get(url).status_code == 302
    # arquivo fora de qualquer pasta servida
    assert "/static" not in Gravacao.objects.get().arquivo.path


def test_gravacao_so_aceita_foto_ou_video(sessao: Any, carlos: Any) -> None:
    arquivo = SimpleUploadedFile("x.pdf", b"%PDF", "application/pdf")
    with pytest.raises(ValidationError, match="foto ou um vídeo"):
        gravacao_anexar(usuario=carlos, convocacao=_conv("1006"), arquivo=arquivo)


# Os primeiros bytes de um MP4 (caixa `ftyp`): o tipo da gravação vem do conteúdo.
MP4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + b"\x00" * 16
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'


@pytest.mark.parametrize(
    ("nome", "conteudo", "tipo_declarado"),
    [
        ("x.svg", SVG, "image/svg+xml"),
        ("x.png", SVG, "image/png"),  # o navegador (ou quem ataca) declara o que quiser
        ("x.html", b"<html><script>alert(1)</script></html>", "video/mp4"),
        ("x.mp4", b"video", "video/mp4"),
    ],
    ids=["svg", "svg-como-png", "html-como-mp4", "texto-como-mp4"],
)
def test_gravacao_reconhecida_pelo_conteudo_nao_pelo_tipo_declarado(
    sessao: Any, carlos: Any, nome: str, conteudo: bytes, tipo_declarado: str
) -> None:
    arquivo = SimpleUploadedFile(nome, conteudo, tipo_declarado)
    with pytest.raises(ValidationError, match="recusada: envie uma foto ou um vídeo"):
        gravacao_anexar(usuario=carlos, convocacao=_conv("1006"), arquivo=arquivo)
    assert not Gravacao.objects.exists()


def test_gravacao_servida_como_anexo_com_o_tipo_do_conteudo(
    client: Any, sessao: Any, carlos: Any
) -> None:
    arquivo = SimpleUploadedFile("foto.mp4", b"\xff\xd8\xff\xe0 jpeg", "video/mp4")
    g = gravacao_anexar(usuario=carlos, convocacao=_conv("1006"), arquivo=arquivo)
    assert g.tipo_conteudo == "image/jpeg"
    resposta = entrar(client, carlos).get(
        reverse("comissao:gravacao", args=[sessao.certame.pk, g.pk])
    )
    assert resposta["Content-Type"] == "image/jpeg"
    assert resposta["Content-Disposition"].startswith("attachment;")
    assert resposta["X-Content-Type-Options"] == "nosniff"


def test_sessao_registrada_pela_tela_com_votos_e_ata(client: Any, sessao: Any, carlos: Any) -> None:
    membros = list(sessao.certame.membros_comissao.all())
    conv = _conv("1002")
    dados: dict[str, object] = {"compareceu": "on", **{f"voto_{m.pk}": "sim" for m in membros}}
    dados["gravacao"] = SimpleUploadedFile("v.mp4", MP4, "video/mp4")
    entrar(client, carlos)
    resposta = client.post(
        reverse("comissao:verificacao", args=[sessao.certame.pk, conv.pk]), dados
    )
    assert resposta.status_code == 302
    assert Candidato.objects.get(inscricao="1002").verificacao("negros") == "confirmado"
    assert Gravacao.objects.count() == 1
    ata = client.get(reverse("comissao:ata", args=[sessao.certame.pk, sessao.pk]))
    html = ata.content.decode()
    assert "Confirmado pela comissão" in html and "Marta" in html and "reconhece" in html


def test_verificacao_registrada_reaberta_mostra_o_que_foi_registrado(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """Reaberta depois de registrada, a página mostrava o formulário vazio ("Voto ainda não
    registrado"), e enviá-lo dava "já foi registrada": agora mostra o registrado."""
    membros = list(sessao.certame.membros_comissao.all())
    conv = _conv("1002")
    url = reverse("comissao:verificacao", args=[sessao.certame.pk, conv.pk])
    entrar(client, carlos)
    assert "Registrar verificação" in client.get(url).content.decode()
    dados = {"compareceu": "on", **{f"voto_{m.pk}": "sim" for m in membros}}
    assert client.post(url, dados).status_code == 302
    html = client.get(url).content.decode()
    assert "Registrar verificação" not in html and "<form" not in html.split("<main", 1)[-1]
    assert "Confirmado pela comissão" in html
    assert all(f"<td>{m.nome}</td><td>reconhece</td>" in html for m in membros)
    # O formulário aberto antes e enviado depois continua recusado pelo serviço.
    resposta = client.post(url, dados, follow=True)
    assert "já foi registrada" in resposta.content.decode()


def test_depois_da_homologacao_a_comissao_nao_altera(certame_homologado: Any, carlos: Any) -> None:
    with pytest.raises(ValidationError, match="homologado"):
        sessao_criar(usuario=carlos, certame=certame_homologado, data=date(2025, 9, 1), local="x")


def test_sem_comissao_em_mostardas(client: Any, certame_mostardas: Any, rita: Any) -> None:
    entrar(client, rita)
    assert client.get(reverse("comissao:painel", args=[certame_mostardas.pk])).status_code == 404
    html = client.get(reverse("certames:detalhe", args=[certame_mostardas.pk])).content.decode()
    assert "Comissão</a>" not in html
    assert "não prevê comissão" in html
    with pytest.raises(ValidationError, match="não prevê comissão"):
        membro_adicionar(
            usuario=rita, certame=certame_mostardas, nome="X", genero="outro", cor_raca="parda"
        )


def test_rh_da_acesso_ao_membro_pelo_login_na_tela(
    client: Any, certame_com_candidatos: Any, rita: Any, carlos: Any, ana: Any
) -> None:
    """A comissão é por certame: o RH liga cada integrante ao seu login, neste certame."""
    from cotas_web.auditoria.models import Registro
    from cotas_web.contas.permissoes import integra_comissao

    pk = certame_com_candidatos.pk
    assert not integra_comissao(carlos, pk)
    entrar(client, rita)
    form = client.get(reverse("comissao:membro_novo", args=[pk])).content.decode()
    assert "Acesso ao sistema (login do membro)" in form and "(carlos)" in form
    assert "(ana)" not in form  # só logins com o papel de comissão
    client.post(
        reverse("comissao:membro_novo", args=[pk]),
        {
            "nome": "Carlos",
            "genero": "masculino",
            "cor_raca": "preta",
            "usuario": carlos.pk,
            "pedido": "membro-pela-tela",
        },
    )
    assert integra_comissao(carlos, pk)
    assert (
        "com acesso pelo login carlos"
        in Registro.objects.filter(acao="comissao_membro").get().descricao
    )
    with pytest.raises(ValidationError, match="já integra a comissão deste certame"):
        membro_adicionar(
            usuario=rita,
            certame=certame_com_candidatos,
            nome="C2",
            genero="masculino",
            cor_raca="preta",
            usuario_membro=carlos,
        )
    with pytest.raises(ValidationError, match="não tem o papel de membro da comissão"):
        membro_adicionar(
            usuario=rita,
            certame=certame_com_candidatos,
            nome="Ana",
            genero="feminino",
            cor_raca="branca",
            usuario_membro=ana,
        )
    html = client.get(reverse("comissao:painel", args=[pk])).content.decode()
    assert "acesso pelo login <code>carlos</code>" in html


def test_gravacao_recusada_desfaz_a_verificacao(client: Any, sessao: Any, carlos: Any) -> None:
    """Verificação e gravação vão juntas: uma gravação que não é foto nem vídeo desfaz a
    verificação, e a comissão pode registrá-la de novo com o arquivo certo."""
    membros = list(sessao.certame.membros_comissao.all())
    conv = _conv("1002")
    dados = {"compareceu": "on", **{f"voto_{m.pk}": "sim" for m in membros}}
    url = reverse("comissao:verificacao", args=[sessao.certame.pk, conv.pk])
    entrar(client, carlos)
    resposta = client.post(
        url, {**dados, "gravacao": SimpleUploadedFile("x.pdf", b"%PDF", "application/pdf")}
    )
    assert "foto ou um vídeo" in resposta.content.decode()
    assert Candidato.objects.get(inscricao="1002").verificacao("negros") in ("", "pendente")
    assert Gravacao.objects.count() == 0
    resposta = client.post(
        url, {**dados, "gravacao": SimpleUploadedFile("v.mp4", MP4, "video/mp4")}
    )
    assert resposta.status_code == 302
    assert Candidato.objects.get(inscricao="1002").verificacao("negros") == "confirmado"


def test_sessao_em_paginas_e_busca_por_inscricao(
    client: Any, sessao: Any, carlos: Any, monkeypatch: Any
) -> None:
    """A página da sessão mostra os convocados em páginas (dezenas de milhares num certame
    grande) e acha um convocado pela inscrição."""
    from cotas_web.comissao import views

    monkeypatch.setattr(views, "CONVOCACOES_POR_PAGINA", 2)
    entrar(client, carlos)
    url = reverse("comissao:sessao", args=[sessao.certame.pk, sessao.pk])
    primeira = client.get(url).content.decode()
    assert "3 convocado(s); página 1 de 2." in primeira
    assert "1002" in primeira and "1006" in primeira and ">1007<" not in primeira
    assert "Próxima página" in primeira and "Página anterior" not in primeira
    segunda = client.get(url, {"pagina": 2}).content.decode()
    assert ">1007<" in segunda and ">1002<" not in segunda and "Página anterior" in segunda
    achado = client.get(url, {"inscricao": "1007"}).content.decode()
    assert "1 convocado(s)." in achado and ">1007<" in achado and ">1002<" not in achado


def test_painel_da_comissao_sem_ids_repetidos(client: Any, sessao: Any, rita: Any) -> None:
    """O painel tem três formulários (integrante, sessão, recurso), dois com um campo `data`:
    cada rótulo aponta para o campo do seu formulário, não para o de outro."""
    import re
    from collections import Counter

    pagina = (
        entrar(client, rita)
        .get(reverse("comissao:painel", args=[sessao.certame.pk]))
        .content.decode()
    )
    repetidos = [i for i, n in Counter(re.findall(r'\sid="([^"]+)"', pagina)).items() if n > 1]
    assert repetidos == []
    assert re.search(r'<label for="recurso_data"[^>]*>Data de interposição</label>', pagina)


def test_o_mesmo_recorrente_nao_recorre_duas_vezes_do_mesmo_parecer(
    sessao: Any, carlos: Any
) -> None:
    """Três envios do mesmo recurso (formulários novos) davam três recursos pendentes contra o
    mesmo parecer; outro recorrente tem o seu, e, decidido o primeiro, o mesmo pode recorrer."""
    _confirmado(sessao, carlos, "1006")
    c = Candidato.objects.get(inscricao="1006")

    def recorrer(nome: str, dia: int) -> Any:
        return recurso_interpor(
            usuario=carlos,
            candidato=c,
            recorrente="terceiro",
            recorrente_nome=nome,
            razoes="fenótipo",
            data=date(2025, 7, dia),
        )

    primeiro = recorrer("Fabio Branco", 25)
    with pytest.raises(ValidationError) as erro:
        recorrer("  fabio   BRANCO ", 26)
    assert erro.value.messages == [
        "Fabio Branco já recorreu do parecer da inscrição 1006 em 25/07/2025, e o recurso "
        "espera decisão: decida-o (ou torne-o sem efeito) antes de registrar outro do mesmo "
        "recorrente."
    ]
    recorrer("Outra Pessoa", 26)
    assert c.recursos.count() == 2
    recurso_decidir(
        usuario=carlos,
        recurso=primeiro,
        decisao="improvido",
        resultado_final="",
        fundamentacao="mantido",
        data=date(2025, 7, 28),
    )
    recorrer("Fabio Branco", 29)
    assert c.recursos.count() == 3


def test_razoes_do_recurso_com_tamanho_limitado(sessao: Any) -> None:
    """200.000 caracteres de razões entravam inteiros (e alargavam a tabela dos recursos a
    1,4 milhão de pixels); o formulário recusa acima de 20.000."""
    from cotas_web.comissao.forms import RecursoForm

    dados = {
        "candidato": "1006",
        "recorrente": "terceiro",
        "recorrente_nome": "Fabio Branco",
        "data": "2025-07-25",
        "pedido": "p",
    }
    candidatos = Candidato.objects.filter(certame=sessao.certame)
    longo = RecursoForm({**dados, "razoes": "x" * 20_001}, candidatos=candidatos)
    assert not longo.is_valid() and list(longo.errors) == ["razoes"]
    assert RecursoForm({**dados, "razoes": "x" * 20_000}, candidatos=candidatos).is_valid()


def test_recurso_depois_do_prazo_anunciado_fica_marcado(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """Sem prazo na lei nem no edital, o padrão só se anuncia e o recurso atrasado é aceito
    (docs/INTERPRETACAO.md#prazo-do-recurso); o registro dos recursos o marca para quem decide."""
    for inscricao in ("1006", "1002"):
        _confirmado(sessao, carlos, inscricao)
    fim = sessao.data + timedelta(days=3)
    for inscricao, dia in (("1006", fim), ("1002", fim + timedelta(days=7))):
        recurso_interpor(
            usuario=carlos,
            candidato=Candidato.objects.get(inscricao=inscricao),
            recorrente="terceiro",
            recorrente_nome="Fabio Branco",
            razoes="fenótipo",
            data=dia,
        )
    html = (
        entrar(client, carlos)
        .get(reverse("comissao:recursos", args=[sessao.certame.pk]))
        .content.decode()
    )
    aviso = (
        f"Interposto 7 dia(s) depois do prazo anunciado de 3 dias, que terminou em {fim:%d/%m/%Y}"
    )
    assert html.count(aviso) == 1
    assert html.count("depois do prazo anunciado") == 1
